import type { NamedStatement } from '@otp/platform';
import { insertAttempts } from './verification-rows.js';

// Bytes go out as base64 text, as in every read of a verification (verification-rows.ts).
const INTENT_COLUMNS = `
  sid, project_id, request_key, request_hash, status, to_number, channel, checks_left, fee_cents, hold_cents, hold_id,
  money_due, metadata, callback_url, created_at, expires_at, encode(code_mac, 'base64') AS code_mac,
  encode(code_sealed, 'base64') AS code_sealed, switch_on_failure, fallback_due_at, sms_from, sms_text`;

// Every statement of an intent (start-intents.ts) is a named statement on the pool (docs/developing.md, "Hot
// paths"): a start's own writes on every request, and the recovery pass's claims and give-backs,
// which run by themselves, so an idle process never loads Prisma's query compiler.
const statement = (name: string, text: string): NamedStatement => ({ name: `verify_${name}`, text });

export const INTENT_STATEMENTS = {
  create: statement(
    'create_intent',
    `INSERT INTO verifications (sid, project_id, request_key, status, to_number, channel, checks_left, fee_cents,
                                hold_cents, cost_cents, metadata, callback_url, created_at, expires_at, code_mac,
                                code_sealed, switch_on_failure, fallback_due_at, sms_from, sms_text, recovery_due_at,
                                request_hash)
     VALUES ($1::text, $2::text, $3::text, 'starting', $4::text, $5::text, $6::int, $7::int, $8::int, 0, $9::jsonb,
             $10::text, $11::timestamptz, $12::timestamptz, $13::bytea, $14::bytea, $15::boolean,
             $16::timestamptz, $17::text, $18::text, $19::timestamptz, $20::text)
     ON CONFLICT (project_id, request_key) WHERE status <> 'discarded' DO NOTHING
     RETURNING sid`,
  ),
  findLive: statement(
    'find_live_intent',
    `SELECT ${INTENT_COLUMNS} FROM verifications
      WHERE project_id = $1::text AND request_key = $2::text AND status <> 'discarded'`,
  ),
  /** Parameters: sid, now, the lease's end. */
  claim: statement(
    'claim_intent',
    `UPDATE verifications SET recovery_due_at = $3::timestamptz
      WHERE sid = $1::text AND status = 'starting' AND recovery_due_at <= $2::timestamptz
     RETURNING ${INTENT_COLUMNS}`,
  ),
  /** Parameters: now, the starting rows' lease end, the discarded rows' next try, limit. */
  claimDue: statement(
    'claim_due_intents',
    `UPDATE verifications
        SET recovery_due_at = CASE WHEN status = 'starting' THEN $2::timestamptz ELSE $3::timestamptz END
      WHERE recovery_due_at <= $1::timestamptz
        AND sid IN (SELECT sid FROM verifications WHERE recovery_due_at <= $1::timestamptz
                     ORDER BY recovery_due_at LIMIT $4::int FOR UPDATE SKIP LOCKED)
     RETURNING ${INTENT_COLUMNS}`,
  ),
  handBack: statement(
    'hand_back_intent',
    `UPDATE verifications SET recovery_due_at = $2::timestamptz WHERE sid = $1::text AND status = 'starting'`,
  ),
  markPending: statement(
    'mark_pending',
    `WITH verification AS (
       UPDATE verifications
          SET status = 'pending', channel = $2::text, fallback_reason = $3::text, cost_cents = $4::int,
              created_at = $5::timestamptz, expires_at = $6::timestamptz, fallback_due_at = $7::timestamptz,
              recovery_due_at = NULL, code_sealed = CASE WHEN $8::boolean THEN code_sealed ELSE NULL END
        WHERE sid = $1::text AND status = 'starting'
       RETURNING metadata, xmin::text AS version),
     first_sends AS (${insertAttempts(9)})
     SELECT metadata, version FROM verification`,
  ),
  /** Parameters: sid, money due, the hold (null: as recorded), the first try to give it back. */
  discard: statement(
    'discard_intent',
    `UPDATE verifications
        SET status = 'discarded', money_due = $2::boolean, hold_id = COALESCE($3::text, hold_id),
            code_sealed = NULL, recovery_due_at = CASE WHEN $2::boolean THEN $4::timestamptz END
      WHERE sid = $1::text AND status = 'starting'
     RETURNING sid`,
  ),
  moneyReturned: statement(
    'intent_money_returned',
    `UPDATE verifications SET money_due = false, recovery_due_at = NULL WHERE sid = $1::text AND status = 'discarded'`,
  ),
} satisfies Record<string, NamedStatement>;
