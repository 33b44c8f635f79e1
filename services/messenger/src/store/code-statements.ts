import { outboxInsert, type NamedStatement } from '@otp/platform';

// The statements every code runs (a send, its status reports, reads and checks) and those the
// process runs by itself (the recovery pass, the expiry timer), prepared by name on the pool's
// connections (docs/developing.md, "Hot paths"): Postgres parses and plans each once per
// connection, no Prisma layer runs per call, and an idle process never loads Prisma's query
// compiler. The console's list stays in code-list.ts on Prisma.
//
// A lookup by sid that names the state `sending` (which codes_sending_idx is made for) writes it
// `IS NOT DISTINCT FROM`, so it is planned on the primary key, never as a walk through that
// partial index (docs/developing.md, "Hot paths").

const statement = (name: string, text: string): NamedStatement => ({ name: `messenger_${name}`, text });

export const CODE_STATEMENTS = {
  /** A code as its project sees it: a discarded send is never shown. */
  find: statement('code_find', `SELECT * FROM codes WHERE sid = $1 AND project_id = $2 AND status <> 'discarded'`),
  findByRequestId: statement('code_by_request_id', 'SELECT * FROM codes WHERE request_id = $1'),
  bySid: statement('code_by_sid', 'SELECT * FROM codes WHERE sid = $1'),
  byRequestKey: statement('code_by_request_key', 'SELECT * FROM codes WHERE project_id = $1 AND request_key = $2'),
  createSending: statement(
    'code_create_sending',
    `INSERT INTO codes (sid, project_id, request_key, "to", purpose, status, request_id, own_code, expires_at,
                        metadata, callback_url, created_at, updated_at, request_hash)
     VALUES ($1, $2, $3::text, $4, $5, 'sending', NULL, $6::boolean, $7::timestamptz, $8::jsonb, $9::text,
             $10::timestamptz, $10::timestamptz, $11::text)
     ON CONFLICT (project_id, request_key) WHERE request_key IS NOT NULL DO NOTHING
     RETURNING *`,
  ),
  discardUncharged: statement(
    'code_discard_uncharged',
    `DELETE FROM codes WHERE sid = $1 AND status IS NOT DISTINCT FROM 'sending' AND cost_cents = 0`,
  ),
  /** Only while still `sending`: a code the recovery pass failed meanwhile is never charged or sent. */
  markCharged: statement(
    'code_mark_charged',
    `UPDATE codes SET cost_cents = $1::int, hold_id = $2::text, request_id = $3::text, updated_at = $5::timestamptz
      WHERE sid = $4 AND status IS NOT DISTINCT FROM 'sending' AND refund = 'none'
     RETURNING *`,
  ),
  markSendUnknown: statement(
    'code_mark_send_unknown',
    `UPDATE codes SET send_unknown = true, updated_at = $2::timestamptz
      WHERE sid = $1 AND status IS NOT DISTINCT FROM 'sending'
     RETURNING *`,
  ),
  discardSend: statement(
    'code_discard_send',
    `UPDATE codes SET status = 'discarded', last_error = $1::text, refund = 'due', request_key = NULL,
            hold_id = COALESCE($2::text, hold_id), cost_cents = GREATEST(cost_cents, $3::int),
            updated_at = $4::timestamptz
      WHERE sid = $5 AND status IS NOT DISTINCT FROM 'sending'
     RETURNING *`,
  ),
  refuse: statement(
    'code_refuse',
    `UPDATE codes SET status = 'failed', last_error = $1::text, hold_id = $2::text, refund = $3::text,
            updated_at = $4::timestamptz
      WHERE sid = $5 AND status IS NOT DISTINCT FROM 'sending'
     RETURNING *`,
  ),
  /**
   * One status change (only if every column the decision read or the event shows is still as
   * seen), the report's claim and the `messenger.<status>` event; nothing when the row moved on
   * or the report was seen before. Parameters: see CodeStore.change.
   */
  change: statement(
    'code_change',
    `WITH report_seen AS (
       SELECT EXISTS (SELECT 1 FROM provider_reports WHERE signature = $1::text) AS replay),
     changed AS (
       UPDATE codes SET status = $2::text, refund = $3::text, last_error = $4::text,
              delivered_at = $5::timestamptz, read_at = COALESCE($6::timestamptz, read_at),
              updated_at = $7::timestamptz
        WHERE sid = $8::text AND status = $9::text AND refund = $10::text AND cost_cents = $11::int
          AND last_error IS NOT DISTINCT FROM $12::text
          AND delivered_at IS NOT DISTINCT FROM $13::timestamptz
          AND NOT (SELECT replay FROM report_seen)
       RETURNING *),
     claim AS (
       INSERT INTO provider_reports (signature, request_id, timestamp, applied)
       SELECT $1::text, $14::text, $15::bigint, true FROM changed WHERE $1::text IS NOT NULL
       ON CONFLICT (signature) DO NOTHING),
     event AS (${outboxInsert(16, 'changed')})
     SELECT changed.*, report_seen.replay FROM report_seen LEFT JOIN changed ON true`,
  ),
  /** See CodeStore.stuckSending. Parameters: cutoff, the fee, limit. */
  stuckSending: statement(
    'code_stuck_sending',
    `UPDATE codes SET cost_cents = CASE WHEN cost_cents = 0 AND hold_id IS NOT NULL THEN $2::int ELSE cost_cents END
      WHERE sid IN (SELECT sid FROM codes WHERE status = 'sending' AND updated_at < $1::timestamptz
                     ORDER BY updated_at LIMIT $3::int FOR UPDATE SKIP LOCKED)
        AND status = 'sending'
     RETURNING *`,
  ),
  refundsDue: statement('code_refunds_due', `SELECT * FROM codes WHERE refund = 'due' LIMIT $1::int`),
  undeliveredWithCallback: statement(
    'code_undelivered_with_callback',
    `SELECT * FROM codes
      WHERE status IN ('sending', 'sent') AND callback_url IS NOT NULL AND expires_at <= $1::timestamptz
      ORDER BY expires_at ASC LIMIT $2::int`,
  ),
  forgetReportsBefore: statement(
    'report_forget_before',
    'DELETE FROM provider_reports WHERE received_at < $1::timestamptz',
  ),
  markRefunded: statement(
    'code_mark_refunded',
    `UPDATE codes SET refund = 'done', updated_at = $1::timestamptz WHERE sid = $2 AND refund = 'due'`,
  ),
  recordCheck: statement(
    'code_record_check',
    `WITH checked AS (
       UPDATE codes SET verification_status = $1::text, updated_at = $2::timestamptz WHERE sid = $3 RETURNING sid)
     INSERT INTO code_checks (id, sid, verification_status, created_at)
     SELECT $4::uuid, sid, $1::text, $2::timestamptz FROM checked`,
  ),
  rememberReport: statement(
    'code_remember_report',
    `INSERT INTO provider_reports (signature, request_id, timestamp, applied)
     VALUES ($1::text, $2::text, $3::bigint, false)
     ON CONFLICT (signature) DO NOTHING
     RETURNING 1 AS remembered`,
  ),
} satisfies Record<string, NamedStatement>;
