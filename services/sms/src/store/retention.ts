import {
  DAY_MS,
  poolRunner,
  statementRetention,
  type NamedStatement,
  type RetentionRule,
  type SchemaPool,
} from '@otp/platform';

// What the SMS service deletes after RETENTION_DAYS (docs/developing.md "Data retention"). A message goes only
// once it is final and owes nothing: never while queued or being submitted (the worker and the
// recovery pass still need it), never with money_due (a release or refund not yet confirmed).
// The partial index messages_retention_idx holds exactly these rows, by age. The task runs by
// itself: named statements on the pool, never Prisma (docs/developing.md, "Hot paths").

const SMS_RETENTION_STATEMENTS = {
  /** $1 cutoff, $2 at most this many; answers how many went. */
  messages: {
    name: 'sms_retention_messages',
    text: `WITH deleted AS (
             DELETE FROM messages WHERE sid = ANY(ARRAY(
               SELECT sid FROM messages
                WHERE created_at < $1::timestamptz
                  AND status IN ('sent', 'failed', 'enqueue_failed', 'discarded') AND NOT money_due
                LIMIT $2::int FOR UPDATE SKIP LOCKED))
             RETURNING 1)
           SELECT count(*)::int AS deleted FROM deleted`,
  },
  /** Carrier receipts are as old as their message (an unmatched one past that age never will be). */
  receipts: {
    name: 'sms_retention_receipts',
    text: `WITH deleted AS (
             DELETE FROM delivery_receipts WHERE (carrier, receipt_key) IN (
               SELECT carrier, receipt_key FROM delivery_receipts WHERE received_at < $1::timestamptz
                LIMIT $2::int FOR UPDATE SKIP LOCKED)
             RETURNING 1)
           SELECT count(*)::int AS deleted FROM deleted`,
  },
} satisfies Record<string, NamedStatement>;

export function smsRetention(pool: SchemaPool, retentionDays: number): RetentionRule[] {
  const keepMs = retentionDays * DAY_MS;
  const runner = poolRunner(pool);
  return [
    statementRetention(runner, { table: 'messages', keepMs, statement: SMS_RETENTION_STATEMENTS.messages }),
    statementRetention(runner, { table: 'delivery_receipts', keepMs, statement: SMS_RETENTION_STATEMENTS.receipts }),
  ];
}
