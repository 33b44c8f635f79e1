import { DAY_MS, type RetentionRule } from '@otp/platform';
import type { Db } from './database.js';

// What verify deletes after RETENTION_DAYS (README "Data retention"): a verification with its
// attempts, once it is final and settled (refunds done, finished event written) or a discarded
// start with nothing owed. Never a starting or pending one, never one the recovery pass still
// holds (recovery_due_at) or with money_due. The partial index verifications_retention_idx holds
// exactly these rows, by age.

export function verifyRetention(db: Db, retentionDays: number): RetentionRule[] {
  return [
    {
      table: 'verifications',
      keepMs: retentionDays * DAY_MS,
      // One statement: the attempts and their verification go together (attempts references it).
      deleteBatch: (cutoff, limit) => db.$executeRaw`
        WITH doomed AS (
          SELECT sid FROM verifications
           WHERE created_at < ${cutoff}::timestamptz
             AND ((status IN ('approved', 'expired', 'failed') AND settled_at IS NOT NULL) OR status = 'discarded')
             AND NOT money_due AND recovery_due_at IS NULL
           LIMIT ${limit}::int FOR UPDATE SKIP LOCKED),
        gone AS (DELETE FROM attempts WHERE verification_sid IN (SELECT sid FROM doomed))
        DELETE FROM verifications WHERE sid IN (SELECT sid FROM doomed)`,
    },
  ];
}
