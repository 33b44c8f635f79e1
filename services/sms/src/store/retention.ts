import { DAY_MS, type RetentionRule } from '@otp/platform';
import type { Db } from './database.js';

// What the SMS service deletes after RETENTION_DAYS (README "Data retention"). A message goes only
// once it is final and owes nothing: never while queued or being submitted (the worker and the
// recovery pass still need it), never with money_due (a release or refund not yet confirmed).
// The partial index messages_retention_idx holds exactly these rows, by age.

export function smsRetention(db: Db, retentionDays: number): RetentionRule[] {
  const keepMs = retentionDays * DAY_MS;
  return [
    {
      table: 'messages',
      keepMs,
      deleteBatch: (cutoff, limit) => db.$executeRaw`
        DELETE FROM messages WHERE sid = ANY(ARRAY(
          SELECT sid FROM messages
           WHERE created_at < ${cutoff}::timestamptz
             AND status IN ('sent', 'failed', 'enqueue_failed', 'discarded') AND NOT money_due
           LIMIT ${limit}::int FOR UPDATE SKIP LOCKED))`,
    },
    {
      // Carrier receipts are as old as their message (an unmatched one past that age never will be).
      table: 'delivery_receipts',
      keepMs,
      deleteBatch: (cutoff, limit) => db.$executeRaw`
        DELETE FROM delivery_receipts WHERE (carrier, receipt_key) IN (
          SELECT carrier, receipt_key FROM delivery_receipts WHERE received_at < ${cutoff}::timestamptz
           LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)`,
    },
  ];
}
