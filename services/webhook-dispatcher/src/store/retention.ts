import { DAY_MS, type RetentionRule } from '@otp/platform';
import type { Db } from './database.js';

// What the dispatcher deletes after RETENTION_DAYS (README "Data retention"): a delivery and its
// attempts (ON DELETE CASCADE) once it ended (succeeded or failed) and nothing happened to it for
// that long; age counts from its last change, because a replay makes an old delivery pending again.
// Pending deliveries are never deleted. The partial index deliveries_retention_idx holds exactly
// these rows, by last change.

export function webhookRetention(db: Db, retentionDays: number): RetentionRule[] {
  return [
    {
      table: 'deliveries',
      keepMs: retentionDays * DAY_MS,
      deleteBatch: (cutoff, limit) => db.$executeRaw`
        DELETE FROM deliveries WHERE id = ANY(ARRAY(
          SELECT id FROM deliveries
           WHERE updated_at < ${cutoff}::timestamptz AND status IN ('succeeded', 'failed')
           LIMIT ${limit}::int FOR UPDATE SKIP LOCKED))`,
    },
  ];
}
