import { DAY_MS, type RetentionRule } from '@otp/platform';
import type { Db } from './database.js';

/** Money keys outlive every caller that could replay them: never fewer days than this. */
export const MONEY_KEY_MIN_DAYS = 30;

// What Billing deletes (README "Data retention"): only idempotency records (`operations`), after
// RETENTION_DAYS but never before MONEY_KEY_MIN_DAYS, so a replayed money call within that window
// still moves nothing. Accounts, ledger entries and holds are kept forever.

export function billingRetention(db: Db, retentionDays: number): RetentionRule[] {
  return [
    {
      table: 'operations',
      keepMs: retentionDays === 0 ? 0 : Math.max(retentionDays, MONEY_KEY_MIN_DAYS) * DAY_MS,
      deleteBatch: (cutoff, limit) => db.$executeRaw`
        DELETE FROM operations WHERE idempotency_key = ANY(ARRAY(
          SELECT idempotency_key FROM operations WHERE created_at < ${cutoff}::timestamptz
           LIMIT ${limit}::int FOR UPDATE SKIP LOCKED))`,
    },
  ];
}
