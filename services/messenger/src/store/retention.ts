import { DAY_MS, type RetentionRule } from '@otp/platform';
import type { Db } from './database.js';

// What the messenger service deletes after RETENTION_DAYS (README "Data retention"). A code goes
// with its checks once nothing can change it for money: not while `sending` (the recovery pass) or
// `sent` (the undelivered check may still expire and refund it), never with a refund `due`.
// The partial index codes_retention_idx holds exactly these rows, by age.

export function messengerRetention(db: Db, retentionDays: number): RetentionRule[] {
  const keepMs = retentionDays * DAY_MS;
  return [
    {
      table: 'codes',
      keepMs,
      // One statement: the checks and their code go together (code_checks references codes).
      deleteBatch: (cutoff, limit) => db.$executeRaw`
        WITH doomed AS (
          SELECT sid FROM codes
           WHERE created_at < ${cutoff}::timestamptz
             AND status IN ('delivered', 'read', 'expired', 'revoked', 'failed') AND refund <> 'due'
           LIMIT ${limit}::int FOR UPDATE SKIP LOCKED),
        checks AS (DELETE FROM code_checks WHERE sid IN (SELECT sid FROM doomed))
        DELETE FROM codes WHERE sid IN (SELECT sid FROM doomed)`,
    },
    {
      // Replay protection only: a report older than REPORT_MAX_AGE_SECONDS is refused anyway.
      table: 'provider_reports',
      keepMs,
      deleteBatch: (cutoff, limit) => db.$executeRaw`
        DELETE FROM provider_reports WHERE signature = ANY(ARRAY(
          SELECT signature FROM provider_reports WHERE received_at < ${cutoff}::timestamptz
           LIMIT ${limit}::int FOR UPDATE SKIP LOCKED))`,
    },
  ];
}
