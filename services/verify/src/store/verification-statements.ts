import type { NamedStatement } from '@otp/platform';
import { insertAttempts } from './verification-rows.js';

// The statements VerificationStore (verifications.ts) writes and locks with: named statements on
// the pool, since they run for every verification and by themselves (the timer, the recovery
// pass, the status consumer). The reads are in verification-rows.ts.

/**
 * Every change of a held verification, in one statement: the row (only while it is still at the
 * version the work decided on), changed and new attempts, and the outbox events.
 */
export const WRITE_VERIFICATION: NamedStatement = {
  name: 'verify_write_verification',
  text: `
      WITH verification AS (
        UPDATE verifications
           SET status = $2::text, channel = $3::text, fallback_reason = $4::text,
               checks_left = $5::int, fee_refunded = $6::boolean, delivered = $7::boolean,
               cost_cents = $8::int, last_error = $9::text,
               approved_at = $10::timestamptz, finished_at = $11::timestamptz,
               settled_at = $12::timestamptz, fallback_due_at = $13::timestamptz,
               code_sealed = CASE WHEN $14::boolean THEN NULL ELSE code_sealed END
         WHERE sid = $1::text AND xmin = $15::text::xid
        RETURNING xmin::text AS version),
      changed_attempts AS (
        UPDATE attempts SET status = c.status, cost_cents = c.cost_cents
          FROM verification,
               unnest($16::text[], $17::text[], $18::int[]) AS c(sid, status, cost_cents)
         WHERE attempts.sid = c.sid AND attempts.verification_sid = $1::text),
      new_attempts AS (${insertAttempts(19)}),
      events AS (
        INSERT INTO outbox_events (id, subject, type, payload, headers, created_at)
        SELECT e.id::uuid, e.subject, e.type, e.payload::jsonb, e.headers::jsonb, e.created_at
          FROM verification,
               unnest($24::text[], $25::text[], $26::text[], $27::text[], $28::text[], $29::timestamptz[])
               WITH ORDINALITY AS e(id, subject, type, payload, headers, created_at, position)
         ORDER BY e.position)
      SELECT version FROM verification`,
};

/** A verification and its first sends, in one statement (parameters: see VerificationStore.insert). */
export const INSERT_VERIFICATION: NamedStatement = {
  name: 'verify_insert_verification',
  text: `
      WITH verification AS (
        INSERT INTO verifications (sid, project_id, status, to_number, channel, fallback_reason, checks_left,
                                   fee_cents, fee_refunded, delivered, cost_cents, metadata, callback_url,
                                   created_at, expires_at, code_mac, code_sealed, switch_on_failure,
                                   fallback_due_at, sms_from, sms_text)
        VALUES ($1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::int, $8::int, $9::boolean,
                $10::boolean, $11::int, $12::jsonb, $13::text, $14::timestamptz, $15::timestamptz, $16::bytea,
                $17::bytea, $18::boolean, $19::timestamptz, $20::text, $21::text)
        RETURNING metadata, xmin::text AS version),
      first_sends AS (${insertAttempts(22)})
      SELECT metadata, version FROM verification`,
};

/** Finished verifications whose settlement did not complete, oldest finish first (parameter: limit). */
export const READ_UNSETTLED: NamedStatement = {
  name: 'verify_read_unsettled',
  text: `SELECT sid FROM verifications
          WHERE status IN ('approved', 'expired', 'failed') AND settled_at IS NULL
          ORDER BY finished_at LIMIT $1::int`,
};

/**
 * The locked run's first statement: how long it may wait for the row's lock (this transaction
 * only), so a run queued behind a slow holder gives up within its bound like the work does.
 */
export const BOUND_LOCK_WAIT: NamedStatement = {
  name: 'verify_bound_lock_wait',
  text: `SELECT set_config('lock_timeout', $1::text, true)`,
};

export const LOCK_VERIFICATION: NamedStatement = {
  name: 'verify_lock_verification',
  text: 'SELECT sid FROM verifications WHERE sid = $1::text FOR UPDATE',
};
