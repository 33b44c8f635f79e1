import { systemClock, type Clock } from './clock.js';
import type { NamedStatement, StatementRunner } from './db/statements.js';
import type { Logger } from './logging.js';
import { PeriodicTask } from './periodic-task.js';

/**
 * Data retention (docs/developing.md "Data retention"). Each service declares, in its `store/`, one rule per
 * table that may shrink: the statement deletes at most `limit` rows older than the cutoff that are
 * final and owe nothing (never a row a recovery pass, a timer or a money call still needs). This
 * file owns the rest once: the cutoff, "0 keeps forever", the batching and the timer.
 *
 * Batches keep each delete a short transaction (no long lock, no huge WAL burst), and every
 * statement claims its rows with `FOR UPDATE SKIP LOCKED`, so two replicas pruning at once neither
 * wait on each other nor fail: deleting what the other already deleted is a no-op.
 */
export interface RetentionRule {
  /** The table pruned (log lines). */
  table: string;
  /** How long rows are kept, in milliseconds; 0 keeps them forever (the rule never runs). */
  keepMs: number;
  /** Deletes at most `limit` rows due for deletion and older than `cutoff`; how many it deleted. */
  deleteBatch(cutoff: Date, limit: number): Promise<number>;
}

/**
 * A rule whose batch is one named statement on the service's pool (retention runs by itself, so
 * it never goes through Prisma: docs/developing.md, "Hot paths"). The statement takes $1 the
 * cutoff and $2 the batch size and answers one row, `deleted`: how many rows of `table` went
 * (`WITH gone AS (DELETE ... RETURNING 1) SELECT count(*)::int AS deleted FROM gone`).
 */
export function statementRetention(
  runner: StatementRunner,
  rule: { table: string; keepMs: number; statement: NamedStatement },
): RetentionRule {
  return {
    table: rule.table,
    keepMs: rule.keepMs,
    async deleteBatch(cutoff, limit) {
      const [row] = await runner.rows<{ deleted: number }>(rule.statement, [cutoff, limit]);
      return row?.deleted ?? 0;
    },
  };
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The task's variables (`retentionTaskConfig` in config.ts). */
export interface RetentionSettings {
  RETENTION_INTERVAL_MS: number;
  RETENTION_BATCH_SIZE: number;
}

/** Runs every rule in batches until nothing due is left, on a timer; `stop()` waits for the pass. */
export class RetentionTask {
  private readonly task: PeriodicTask;

  constructor(
    private readonly options: {
      rules: RetentionRule[];
      batchSize: number;
      intervalMs: number;
      logger: Logger;
      clock?: Clock;
    },
  ) {
    this.task = new PeriodicTask({
      name: 'retention',
      intervalMs: options.intervalMs,
      logger: options.logger,
      pass: async () => {
        const deleted = await this.pass();
        for (const [table, rows] of Object.entries(deleted)) {
          if (rows > 0) options.logger.info({ table, deleted: rows }, 'rows past retention deleted');
        }
      },
    });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One pass over every rule; rows deleted per table. */
  async pass(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    const now = (this.options.clock ?? systemClock).now().getTime();
    for (const rule of this.options.rules) {
      if (this.task.stopping) break;
      if (rule.keepMs <= 0) continue;
      const cutoff = new Date(now - rule.keepMs);
      let total = 0;
      for (;;) {
        const rows = await rule.deleteBatch(cutoff, this.options.batchSize);
        total += rows;
        // A short batch means nothing due is left (or another replica holds the rest).
        if (rows < this.options.batchSize || this.task.stopping) break;
      }
      deleted[rule.table] = (deleted[rule.table] ?? 0) + total;
    }
    return deleted;
  }
}

/** What a service's main.ts calls: the task over its rules, started. */
export function startRetention(config: RetentionSettings, logger: Logger, rules: RetentionRule[]): RetentionTask {
  const task = new RetentionTask({
    rules,
    batchSize: config.RETENTION_BATCH_SIZE,
    intervalMs: config.RETENTION_INTERVAL_MS,
    logger,
  });
  task.start();
  return task;
}
