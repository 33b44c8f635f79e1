import { PeriodicTask } from '@otp/platform';
import type { StartIntent } from '../store/start-intents.js';
import type { FlowDeps } from './deps.js';
import { finishStart } from './finish-start.js';
import { giveBackStartMoney } from './start-money.js';

const BATCH = 50;

/**
 * Finishes or undoes the starts a crash (or a caller that gave up) interrupted, at process start
 * and then every RECOVERY_INTERVAL_MS:
 * - a `starting` row older than RECOVERY_AFTER_MS is rolled forward like a repeated Start: hold
 *   and fee replayed by key, the sends replayed with their request keys (a send that happened is
 *   returned, not repeated), then pending. A replayed step that is refused undoes it instead.
 * - a discarded start with money still due gets its hold released / fee refunded, tried again
 *   every pass until Billing confirms.
 * Rows are claimed (a lease in `recovery_due_at`), so several replicas never take the same one.
 */
export class StartRecovery {
  private readonly task: PeriodicTask;

  constructor(private readonly deps: FlowDeps) {
    this.task = new PeriodicTask({
      name: 'start recovery',
      intervalMs: deps.recoveryIntervalMs,
      logger: deps.logger,
      pass: async () => {
        await this.pass();
      },
    });
  }

  start(): void {
    this.task.start({ passNow: true });
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One pass over what is due now; returns how many rows it took. */
  async pass(): Promise<number> {
    const now = this.deps.clock.now();
    const rows = await this.deps.intents.claimDue(
      now,
      new Date(now.getTime() + this.deps.recoveryAfterMs),
      new Date(now.getTime() + this.deps.recoveryIntervalMs),
      BATCH,
    );
    for (const row of rows) {
      if (this.task.stopping) break;
      await this.recover(row).catch((error: unknown) =>
        this.deps.logger.warn(
          { sid: row.sid, status: row.status, err: error },
          'start not recovered yet; retried later',
        ),
      );
    }
    return rows.length;
  }

  private async recover(row: StartIntent): Promise<void> {
    if (row.status === 'starting') {
      const record = await finishStart(this.deps, row, 'recovery');
      this.deps.logger.info({ sid: row.sid, status: record.status }, 'interrupted start finished');
    } else if (row.moneyDue) {
      await giveBackStartMoney(this.deps, row);
      await this.deps.intents.moneyReturned(row.sid);
      this.deps.logger.info({ sid: row.sid }, 'money of a discarded start given back');
    }
  }
}
