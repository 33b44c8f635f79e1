import { PeriodicTask } from '@otp/platform';
import { ProviderRefusal, ProviderUnavailable } from '../provider/client.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';
import { refundCode } from './refund.js';
import { refreshFromProvider } from './undelivered-check.js';

const BATCH = 100;

/**
 * Settles the sends a crash left half-way, or whose provider answer was lost, at start and every
 * RECOVERY_INTERVAL_MS: a code still `sending` RECOVERY_AFTER_MS after its row was last written
 * (longer than any caller waits). One that reached the provider's send (its request id is
 * recorded) is decided on the provider's word: a message the provider has takes its status and
 * keeps its fee; one it does not have is revoked (best effort), failed with its event and its fee
 * refunded by key, so the code shows `failed`, cost 0.00, and the ledger nets to zero; while the
 * provider cannot be asked, nothing is decided (the fee is kept, the next pass asks again). The
 * status change is conditional, so two replicas never fail (or refund) it twice.
 */
export class SendRecovery {
  private readonly task: PeriodicTask;

  constructor(
    private readonly deps: MessengerDeps,
    private readonly timing: { afterMs: number; intervalMs: number },
  ) {
    this.task = new PeriodicTask({
      name: 'messenger recovery',
      intervalMs: timing.intervalMs,
      logger: deps.logger,
      pass: () => this.pass().then(() => undefined),
    });
  }

  start(): void {
    this.task.start({ passNow: true });
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One pass; returns how many interrupted sends it failed. */
  async pass(): Promise<number> {
    const { deps } = this;
    const now = deps.clock.now();
    const stuck = await deps.codes.stuckSending(
      new Date(now.getTime() - this.timing.afterMs),
      await deps.messengerFee(),
      BATCH,
    );
    let failed = 0;
    for (const code of stuck) {
      if (this.task.stopping) break;
      if (code.requestId) {
        const known = await this.providerWord(code);
        if (known !== 'not_sent') continue;
        await deps.provider.revokeVerificationMessage(code.requestId).catch(() => false);
      }
      const outcome = await deps.codes.learnWithOutcome(code, 'failed', deps.clock.now(), {
        lastError: 'the send was interrupted (the service restarted); the fee was refunded',
      });
      if (!outcome.applied) continue;
      failed += 1;
      deps.logger.warn({ sid: code.sid }, 'interrupted messenger send failed and refunded');
      await refundCode(deps, outcome.code);
    }
    return failed;
  }

  /**
   * What the provider says of a send that reached its API: `learned` (it has the message: the
   * code took its status), `not_sent` (no message for the request, or no such request), `unknown`
   * (it could not be asked: decided on a later pass).
   */
  private async providerWord(code: Code): Promise<'learned' | 'not_sent' | 'unknown'> {
    const { deps } = this;
    try {
      const learned = await refreshFromProvider(deps, code);
      if (learned.status === 'sending') return 'not_sent';
      deps.logger.warn({ sid: code.sid, status: learned.status }, 'send of unknown outcome: the provider has it');
      if (learned.refund === 'due') await refundCode(deps, learned);
      return 'learned';
    } catch (error) {
      if (error instanceof ProviderRefusal) return 'not_sent';
      if (!(error instanceof ProviderUnavailable)) throw error;
      deps.logger.warn(
        { sid: code.sid, err: error },
        'send of unknown outcome: provider unavailable, asked again later',
      );
      return 'unknown';
    }
  }
}
