import {
  DAY_MS,
  poolRunner,
  statementRetention,
  type NamedStatement,
  type RetentionRule,
  type SchemaPool,
} from '@otp/platform';

/** Money keys outlive every caller that could replay them: never fewer days than this. */
export const MONEY_KEY_MIN_DAYS = 30;

// What Billing deletes (docs/developing.md "Data retention"): only idempotency records (`operations`), after
// RETENTION_DAYS but never before MONEY_KEY_MIN_DAYS, so a replayed money call within that window
// still moves nothing. Accounts, ledger entries and holds are kept forever. The pass runs by
// itself, so its statement is a named one on the pool (no Prisma query compiler in an idle billing).

/** $1 the cutoff, $2 the batch size; answers how many records went. */
const DELETE_OPERATIONS: NamedStatement = {
  name: 'billing_retention_operations',
  text: `WITH deleted AS (
           DELETE FROM operations WHERE idempotency_key = ANY(ARRAY(
             SELECT idempotency_key FROM operations WHERE created_at < $1::timestamptz
              LIMIT $2::int FOR UPDATE SKIP LOCKED))
           RETURNING 1)
         SELECT count(*)::int AS deleted FROM deleted`,
};

export function billingRetention(pool: SchemaPool, retentionDays: number): RetentionRule[] {
  return [
    statementRetention(poolRunner(pool), {
      table: 'operations',
      keepMs: retentionDays === 0 ? 0 : Math.max(retentionDays, MONEY_KEY_MIN_DAYS) * DAY_MS,
      statement: DELETE_OPERATIONS,
    }),
  ];
}
