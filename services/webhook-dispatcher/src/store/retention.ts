import {
  DAY_MS,
  poolRunner,
  statementRetention,
  type NamedStatement,
  type RetentionRule,
  type SchemaPool,
} from '@otp/platform';

// What the dispatcher deletes after RETENTION_DAYS (docs/developing.md "Data retention"): a delivery and its
// attempts (ON DELETE CASCADE) once it ended (succeeded or failed) and nothing happened to it for
// that long; age counts from its last change, because a replay makes an old delivery pending again.
// Pending deliveries are never deleted. The partial index deliveries_retention_idx holds exactly
// these rows, by last change. The task runs by itself: a named statement on the pool, never Prisma
// (docs/developing.md, "Hot paths").

/** $1 cutoff, $2 at most this many; answers how many went. */
const DELETE_ENDED_DELIVERIES: NamedStatement = {
  name: 'webhook_retention_deliveries',
  text: `WITH deleted AS (
           DELETE FROM deliveries WHERE id = ANY(ARRAY(
             SELECT id FROM deliveries
              WHERE updated_at < $1::timestamptz AND status IN ('succeeded', 'failed')
              LIMIT $2::int FOR UPDATE SKIP LOCKED))
           RETURNING 1)
         SELECT count(*)::int AS deleted FROM deleted`,
};

export function webhookRetention(pool: SchemaPool, retentionDays: number): RetentionRule[] {
  return [
    statementRetention(poolRunner(pool), {
      table: 'deliveries',
      keepMs: retentionDays * DAY_MS,
      statement: DELETE_ENDED_DELIVERIES,
    }),
  ];
}
