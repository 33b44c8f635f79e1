import {
  DAY_MS,
  poolRunner,
  statementRetention,
  type NamedStatement,
  type RetentionRule,
  type SchemaPool,
} from '@otp/platform';
import { DETECTOR_WINDOWS } from '../domain/detector.js';

// What guard deletes (docs/developing.md "Data retention"): starts (with the end-user signals they carry),
// their counts per prefix, and blocks long over. Nothing guard keeps is owed anything: a start only
// counts inside the windows guard judges by, the longest of which is the detector's day. So a start
// is kept RETENTION_DAYS, never less than that day and one more (a window is always whole, and an
// operator looking into yesterday's attack finds its starts).
//
// Retention runs by itself on a timer, so its statements are named statements on the pool: an idle
// guard never loads Prisma's query compiler (docs/developing.md, "Hot paths").

/** The shortest time a start is kept, whatever RETENTION_DAYS says (0 still keeps forever). */
const STARTS_KEPT_AT_LEAST_MS = DETECTOR_WINDOWS.historySeconds * 1000 + DAY_MS;

/**
 * Rows of `table` (keyed by `id`) whose `column` is before the cutoff ($1), at most $2 (the batch)
 * of them; answers how many went.
 */
function deleteBefore(name: string, table: string, column: string): NamedStatement {
  return {
    name,
    text: `WITH doomed AS (
             SELECT id FROM ${table} WHERE ${column} < $1::timestamptz LIMIT $2::int FOR UPDATE SKIP LOCKED),
           gone AS (DELETE FROM ${table} WHERE id IN (SELECT id FROM doomed) RETURNING 1)
           SELECT count(*)::int AS deleted FROM gone`,
  };
}

/** Starts by age. The trigger on starts takes each start out of its counts. */
const DELETE_STARTS = deleteBefore('guard_retention_starts', 'starts', 'created_at');

/** Counts of five minutes no start is left in (or that no window reaches any more). */
const DELETE_COUNTS: NamedStatement = {
  name: 'guard_retention_prefix_counts',
  text: `WITH doomed AS (
           SELECT project_id, prefix, bucket FROM prefix_counts WHERE bucket < $1::timestamptz
            LIMIT $2::int FOR UPDATE SKIP LOCKED),
         gone AS (DELETE FROM prefix_counts c USING doomed d
                   WHERE c.project_id = d.project_id AND c.prefix = d.prefix AND c.bucket = d.bucket RETURNING 1)
         SELECT count(*)::int AS deleted FROM gone`,
};

/** Blocks (and monitor records) that ended before the cutoff. Blocks are few: no index needed. */
const DELETE_BLOCKS = deleteBefore('guard_retention_prefix_blocks', 'prefix_blocks', 'until');

/** The statements retention runs (the plan suite checks them). */
export const RETENTION_STATEMENTS = {
  deleteStarts: DELETE_STARTS,
  deleteCounts: DELETE_COUNTS,
  deleteBlocks: DELETE_BLOCKS,
};

export function guardRetention(pool: SchemaPool, retentionDays: number): RetentionRule[] {
  const runner = poolRunner(pool);
  // 0 keeps everything (the rules never run); otherwise never less than the detector's windows need.
  const startsKeepMs = retentionDays === 0 ? 0 : Math.max(retentionDays * DAY_MS, STARTS_KEPT_AT_LEAST_MS);
  return [
    statementRetention(runner, { table: 'starts', keepMs: startsKeepMs, statement: DELETE_STARTS }),
    statementRetention(runner, { table: 'prefix_counts', keepMs: startsKeepMs, statement: DELETE_COUNTS }),
    statementRetention(runner, { table: 'prefix_blocks', keepMs: retentionDays * DAY_MS, statement: DELETE_BLOCKS }),
  ];
}
