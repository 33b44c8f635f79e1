import { PeriodicTask } from '@otp/platform';
import type { MessengerDeps } from './deps.js';
import { refundCode } from './refund.js';

const BATCH = 100;

/**
 * Fails and refunds the sends a crash left half-way, at start and every RECOVERY_INTERVAL_MS: a
 * code still `sending` RECOVERY_AFTER_MS after its row was written (longer than any caller waits)
 * belongs to a request that died between writing the row and finishing the send. Whether the
 * message went out is unknown, so it is revoked at the provider (best effort), failed with its
 * event, and its fee refunded by key: the code then shows `failed`, cost 0.00, and the ledger nets
 * to zero. The status change is conditional, so two replicas never fail (or refund) it twice.
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
      if (code.requestId) await deps.provider.revokeVerificationMessage(code.requestId).catch(() => false);
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
}
