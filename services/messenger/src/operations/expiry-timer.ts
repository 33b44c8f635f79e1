import { PeriodicTask } from '@otp/platform';
import type { MessengerDeps } from './deps.js';
import { refundCode } from './refund.js';
import { checkUndelivered } from './undelivered-check.js';

const BATCH = 100;

/**
 * The timer behind "automatically until shortly after expiry when a callback is set": codes with a
 * callback get their undelivered check without anyone reading them, so the webhook goes out.
 * Each pass also retries refunds whose Billing call failed and forgets reports too old to replay.
 */
export class ExpiryTimer {
  private readonly task: PeriodicTask;

  constructor(
    private readonly deps: MessengerDeps,
    intervalMs: number,
  ) {
    this.task = new PeriodicTask({
      name: 'messenger expiry',
      intervalMs,
      logger: deps.logger,
      pass: () => this.pass(),
    });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One pass over the due checks and refunds. */
  async pass(): Promise<void> {
    const { deps } = this;
    const now = deps.clock.now();
    const cutoff = new Date(now.getTime() - deps.rules.expiryGraceMs);
    for (const code of await deps.codes.undeliveredWithCallback(cutoff, BATCH)) {
      if (this.task.stopping) return;
      await checkUndelivered(deps, code);
    }
    for (const code of await deps.codes.refundsDue(BATCH)) {
      if (this.task.stopping) return;
      await refundCode(deps, code);
    }
    await deps.codes.forgetReportsBefore(new Date(now.getTime() - 2 * deps.rules.reportMaxAgeSeconds * 1000));
  }
}
