import { outboxInsert, type NamedStatement } from '@otp/platform';

// The statements every SMS runs on its way (send, delivery, receipt): named statements on the
// pool Prisma shares (docs/developing.md, "Hot paths"), parsed and planned once per connection.
// Each state change is conditional on the state it leaves, so a replay or a concurrent delivery
// changes nothing twice.
//
// A lookup by sid whose condition names a state a partial index is made for (accepted or queued:
// the recovery index; money_due; sent without a delivery status) writes it `IS NOT DISTINCT FROM`.
// With `=`, Postgres may plan the lookup as a walk through that whole partial index instead of
// the primary key, and does whenever its statistics say the state is empty (nearly always: a
// message passes through it in milliseconds). The walk reads every entry left by every message
// that passed through the state since the last vacuum (137-183 pages a send in the bench). The
// planner does not match `IS NOT DISTINCT FROM` to an index's condition, so only the key is left.
// The plan suite tests each lookup under such statistics.

/** processing -> $2 (sent or failed): the update `finish` and `markSent` share ($1..$8, see finish). */
const FINISH = `UPDATE messages SET status = $2::text, money_due = ($2::text = 'failed'), body_sealed = NULL,
                  submit_started_at = NULL, carrier_message_ids = $3::text[], carrier = $4::text,
                  receipt_keys = $5::text[], processed_at = $6::timestamptz, last_error = $7::text,
                  updated_at = $8::timestamptz
            WHERE sid = $1 AND status = 'processing'
           RETURNING sid`;

/**
 * A receipt stored ($1 carrier, $2 receipt key, $3 carrier id, $4 state, $5 error, $6 done at,
 * $7 now) for the message `sid` (SQL; may be null), unless `ambiguous` (SQL) holds: a repeat of the
 * same key keeps the latest state, and keeps its message unless another is now the key's only
 * holder (a carrier that reuses ids; a settled message no longer holds its keys).
 * `recordReceipt` and `recordSettling` share it.
 */
const storeReceipt = (sid: string, ambiguous: string) => `
             INSERT INTO delivery_receipts (carrier, receipt_key, carrier_message_id, state, error, done_at, received_at, sid)
             SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::timestamptz, $7::timestamptz, ${sid}
              WHERE NOT (${ambiguous})
             ON CONFLICT (carrier, receipt_key) DO UPDATE
               SET state = EXCLUDED.state, error = EXCLUDED.error, done_at = EXCLUDED.done_at,
                   received_at = EXCLUDED.received_at, sid = coalesce(EXCLUDED.sid, delivery_receipts.sid)`;

/** A message other than `sid` holds the receipt key of `carrier` and `key` (SQL expressions): a receipt with it is not `sid`'s alone. */
const heldByAnother = (sid: string, carrier: string, key: string) =>
  `EXISTS (SELECT 1 FROM messages other WHERE other.receipt_keys @> ARRAY[${carrier} || ':' || ${key}]::text[]
                                        AND other.sid <> ${sid})`;

export const SMS_STATEMENTS = {
  /**
   * What a send needs to know of its project in one read: $1 project, $2 the sender ID's key
   * (null: the project's default). No settings row: the columns come back null (the defaults).
   */
  sendContext: {
    name: 'sms_send_context',
    text: `SELECT settings.enabled, settings.default_sender_id, settings.callback_url,
                  sender.value AS sender_value, sender.status AS sender_status
             FROM (SELECT 1) AS project
             LEFT JOIN sms_settings settings ON settings.project_id = $1::text
             LEFT JOIN sender_ids sender ON sender.project_id = $1::text
                   AND sender.value_key = COALESCE($2::text, settings.default_sender_id)`,
  },
  /** The intent, `accepted`; no row when a live message already has the request key ($16 its fingerprint). */
  insertIntent: {
    name: 'sms_insert_intent',
    text: `INSERT INTO messages (sid, project_id, status, request_key, purpose, "to", "from", body, body_sealed, segments,
                                 encoding, price_cents, cost_cents, metadata, callback_url, created_at, updated_at,
                                 request_hash)
           VALUES ($1, $2, 'accepted', $3, $4, $5, $6, $7, $8::text, $9::int, $10, $11::int, $12::int, $13::jsonb,
                   $14::text, $15::timestamptz, $15::timestamptz, $16::text)
           ON CONFLICT (project_id, request_key)
             WHERE request_key IS NOT NULL AND status NOT IN ('discarded', 'enqueue_failed')
             DO NOTHING
           RETURNING *`,
  },
  /** accepted -> queued with its hold: $1 sid, $2 hold id, $3 now. */
  markQueued: {
    name: 'sms_mark_queued',
    text: `UPDATE messages SET status = 'queued', hold_id = $2, updated_at = $3::timestamptz
            WHERE sid = $1 AND status IS NOT DISTINCT FROM 'accepted'
           RETURNING *`,
  },
  /** queued -> processing for queue message $2 (its redeliveries keep it): $1 sid, $3 now. */
  claim: {
    name: 'sms_claim',
    text: `UPDATE messages SET status = 'processing', claimed_seq = $2::bigint, updated_at = $3::timestamptz
            WHERE sid = $1
              AND (status = 'queued' OR (status = 'processing' AND (claimed_seq IS NULL OR claimed_seq = $2::bigint)))
           RETURNING *`,
  },
  /**
   * A try about to go out: $1 sid, $2 carrier, $3 reference, $4 now, $5 whether it spends a retry
   * (the first try of a delivery does). Every try counts in attempts. Answers the retries spent so
   * far; none when the message is no longer being delivered.
   */
  recordTry: {
    name: 'sms_record_try',
    text: `UPDATE messages SET carrier = $2, concat_reference = $3::int, submit_started_at = $4::timestamptz,
                  attempts = attempts + 1,
                  retry_attempts = retry_attempts + CASE WHEN $5::boolean THEN 1 ELSE 0 END, updated_at = $4::timestamptz
            WHERE sid = $1 AND status = 'processing'
           RETURNING retry_attempts`,
  },
  /**
   * processing -> sent or failed with its event, in one statement (both or neither): $1 sid,
   * $2 status, $3 ids, $4 carrier, $5 receipt keys, $6 processed at, $7 last error, $8 now,
   * $9.. the event.
   */
  finish: {
    name: 'sms_finish',
    text: `WITH finished AS (${FINISH}) ${outboxInsert(9, 'finished')}`,
  },
  /**
   * processing -> sent, as `finish` ($2 = 'sent'), and in the same statement the receipts that
   * came before its ids were stored become its own: one row (the sid, with every receipt the
   * message has) when it was written, none when another delivery wrote it first. The last read
   * sees the table as it was before the update, so a receipt matched now comes back once.
   * The receipts are looked up by key on (carrier, receipt_key): the message's keys without
   * their carrier prefix (the full keys are compared too, so the match is exactly theirs), and
   * only when no other message holds the key (a receipt it may be for changes nothing). By
   * `sid IS NULL` alone Postgres reads every receipt never matched, and past a few thousand of
   * those it plans a read of the whole table on every send.
   */
  markSent: {
    name: 'sms_mark_sent',
    text: `WITH finished AS (${FINISH}),
                event AS (${outboxInsert(9, 'finished')}),
                matched AS (
                  UPDATE delivery_receipts SET sid = $1
                   WHERE carrier = $4::text AND sid IS NULL
                     AND receipt_key = ANY (ARRAY(SELECT substr(key, length($4::text) + 2) FROM unnest($5::text[]) AS key))
                     AND (carrier || ':' || receipt_key) = ANY($5::text[])
                     AND NOT ${heldByAnother('$1', 'delivery_receipts.carrier', 'delivery_receipts.receipt_key')}
                     AND EXISTS (SELECT 1 FROM finished)
                  RETURNING state, done_at, received_at)
           SELECT finished.sid,
                  (SELECT coalesce(json_agg(r), '[]'::json)
                     FROM (SELECT state, done_at, received_at FROM matched
                           UNION ALL
                           SELECT state, done_at, received_at FROM delivery_receipts WHERE sid = $1) r) AS receipts
             FROM finished`,
  },
  /**
   * A carrier's receipt, stored (a repeat of its id keeps the latest state) and matched to its
   * message when that message's ids are known: $1 carrier, $2 key, $3 carrier id, $4 state,
   * $5 error, $6 done at, $7 now. One row, `owners` the messages holding the key: with more than
   * one the receipt is ambiguous and is not stored (it changes nothing). The rest of the row is
   * the message when its delivery status is still open (null columns otherwise), with this receipt
   * and the others of its parts, so it can be settled without another read.
   *
   * The message is looked up in a materialized CTE, planned for all its rows: with a LIMIT 1 on
   * the lookup itself, Postgres' generic plan reads the messages in order until one matches
   * (it expects many matches, and the match is the newest row), so every receipt read the
   * whole table, however large; this way the GIN index over receipt_keys finds it.
   */
  recordReceipt: {
    name: 'sms_record_receipt',
    text: `WITH owner AS MATERIALIZED (
             SELECT sid FROM messages WHERE receipt_keys @> ARRAY[$1 || ':' || $2]::text[]),
           stored AS (${storeReceipt('(SELECT sid FROM owner LIMIT 1)', '(SELECT count(*) FROM owner) > 1')}
             RETURNING sid, state, done_at, received_at)
           SELECT (SELECT count(*)::int FROM owner) AS owners, opened.*
             FROM (SELECT 1) AS one
             LEFT JOIN (
               SELECT m.*,
                      (SELECT coalesce(json_agg(json_build_object('state', r.state, 'done_at', r.done_at, 'received_at', r.received_at)), '[]'::json)
                         FROM delivery_receipts r
                        WHERE r.sid = m.sid AND NOT (r.carrier = $1 AND r.receipt_key = $2)) AS other_receipts,
                      stored.state AS receipt_state, stored.done_at AS receipt_done_at, stored.received_at AS receipt_received_at
                 FROM stored JOIN messages m ON m.sid = stored.sid
                WHERE m.status IS NOT DISTINCT FROM 'sent' AND m.delivery_status IS NULL) AS opened ON true`,
  },
  /**
   * A receipt of a one-part message this process just sent (KeptMessages), stored matched to it,
   * and the message's delivery status with its event written in the same statement while it is
   * still sent and unsettled (its receipt keys forgotten): $1 carrier, $2 receipt key, $3 carrier
   * id, $4 state, $5 error, $6 done at, $7 now, $8 sid, $9 status, $10 delivered at, $11.. the
   * event. Nothing when another message holds the key too (`ambiguous`, the receipt's usual path
   * decides); else `settled` when this settled it.
   */
  recordSettling: {
    name: 'sms_record_settling_receipt',
    text: `WITH shared AS MATERIALIZED (SELECT ${heldByAnother('$8::text', '$1::text', '$2::text')} AS ambiguous),
           stored AS (${storeReceipt('$8::text', '(SELECT ambiguous FROM shared)')} RETURNING sid),
           settled AS (
             UPDATE messages SET delivery_status = $9::text, delivered_at = $10::timestamptz, receipt_keys = '{}',
                    updated_at = $7::timestamptz
              WHERE sid = $8::text AND status IS NOT DISTINCT FROM 'sent' AND delivery_status IS NULL
                AND EXISTS (SELECT 1 FROM stored)
             RETURNING sid),
           event AS (${outboxInsert(11, 'settled')})
           SELECT (SELECT ambiguous FROM shared) AS ambiguous, EXISTS (SELECT 1 FROM settled) AS settled`,
  },
  /**
   * A sent message's delivery status with its event, once, its receipt keys forgotten: $1 sid,
   * $2 status, $3 delivered at, $4 now, $5.. the event.
   */
  settle: {
    name: 'sms_settle',
    text: `WITH settled AS (
             UPDATE messages SET delivery_status = $2::text, delivered_at = $3::timestamptz, receipt_keys = '{}',
                    updated_at = $4::timestamptz
              WHERE sid = $1 AND status = 'sent' AND delivery_status IS NULL
             RETURNING sid)
           ${outboxInsert(5, 'settled')}`,
  },
  /** A message by its sid. */
  message: {
    name: 'sms_message',
    text: `SELECT * FROM messages WHERE sid = $1`,
  },
  /** A message as the API shows it ($1 sid, $2 project): intents (accepted) and discarded ones are never shown. */
  messageInProject: {
    name: 'sms_message_in_project',
    text: `SELECT * FROM messages WHERE sid = $1 AND project_id = $2 AND status NOT IN ('accepted', 'discarded')`,
  },
  /** The live message (intent included) of a project's request key: $1 project, $2 request key. */
  byRequestKey: {
    name: 'sms_by_request_key',
    text: `SELECT * FROM messages
            WHERE project_id = $1 AND request_key = $2 AND status NOT IN ('discarded', 'enqueue_failed')`,
  },
  /** accepted -> discarded, nothing owed (Billing refused the hold): $1 sid, $2 now. */
  discardRefused: {
    name: 'sms_discard_refused',
    text: `UPDATE messages SET status = 'discarded', body_sealed = NULL, updated_at = $2::timestamptz
            WHERE sid = $1 AND status IS NOT DISTINCT FROM 'accepted'`,
  },
  /**
   * queued -> enqueue_failed, its hold due back, unless a publish of it was confirmed meanwhile:
   * $1 sid, $2 error, $3 now, $4.. the event. Answers the sid when the row changed.
   */
  enqueueFailed: {
    name: 'sms_enqueue_failed',
    text: `WITH failed AS (
             UPDATE messages SET status = 'enqueue_failed', last_error = $2::text, money_due = true, body_sealed = NULL,
                    updated_at = $3::timestamptz
              WHERE sid = $1 AND status IS NOT DISTINCT FROM 'queued' AND enqueued_at IS NULL
             RETURNING sid),
           announced AS (${outboxInsert(4, 'failed')})
           SELECT sid FROM failed`,
  },
  /**
   * The work queue confirmed a publish of the message ($1 sid, $2 now): answers the row, none when
   * it became enqueue_failed first (a publish that lost the race; the worker will drop it).
   */
  markEnqueued: {
    name: 'sms_mark_enqueued',
    text: `UPDATE messages SET enqueued_at = coalesce(enqueued_at, $2::timestamptz)
            WHERE sid = $1 AND status IS DISTINCT FROM 'enqueue_failed'
           RETURNING *`,
  },
  /** The parts a carrier accepted so far and their receipt keys: $1 sid, $2 ids, $3 receipt keys, $4 now. */
  recordParts: {
    name: 'sms_record_parts',
    text: `UPDATE messages SET carrier_message_ids = $2::text[], receipt_keys = $3::text[],
                  submit_started_at = NULL, updated_at = $4::timestamptz
            WHERE sid = $1 AND status = 'processing'`,
  },
  /** The carrier has none of the message: $1 sid, $2 now. */
  leaveCarrier: {
    name: 'sms_leave_carrier',
    text: `UPDATE messages SET carrier = NULL, concat_reference = NULL, submit_started_at = NULL,
                  updated_at = $2::timestamptz
            WHERE sid = $1 AND status = 'processing'`,
  },
  /** A delivery that spent no retry (throttled only) gives it back: $1 sid, $2 now. */
  uncountAttempt: {
    name: 'sms_uncount_attempt',
    text: `UPDATE messages SET retry_attempts = greatest(retry_attempts - 1, 0), updated_at = $2::timestamptz
            WHERE sid = $1 AND status = 'processing'`,
  },
  /** Why the last try did not send, before a retry: $1 sid, $2 error, $3 now. */
  recordError: {
    name: 'sms_record_error',
    text: `UPDATE messages SET last_error = $2::text, submit_started_at = NULL, updated_at = $3::timestamptz
            WHERE sid = $1 AND status = 'processing'`,
  },
  /** Billing confirmed the release or refund the row was owed: $1 sid. */
  moneySettled: {
    name: 'sms_money_settled',
    text: `UPDATE messages SET money_due = false WHERE sid = $1 AND money_due IS NOT DISTINCT FROM true`,
  },
  /** Every receipt matched to a message: $1 sid. */
  receiptsOfMessage: {
    name: 'sms_receipts_of_message',
    text: `SELECT state, done_at, received_at FROM delivery_receipts WHERE sid = $1`,
  },
} satisfies Record<string, NamedStatement>;

// What the service's own passes run (recovery, receipt matching): named statements on the pool, so
// an idle process never loads Prisma's query compiler (docs/developing.md, "Hot paths"). Every one
// is conditional or SKIP LOCKED, so two replicas passing at once never act on a row twice.
export const SMS_PASS_STATEMENTS = {
  /**
   * Intents nobody finished before $1 (cutoff) become discarded, their hold (if one was taken) due
   * back: $2 now, $3 at most this many.
   */
  discardAbandoned: {
    name: 'sms_discard_abandoned',
    text: `UPDATE messages SET status = 'discarded', money_due = true, body_sealed = NULL, updated_at = $2::timestamptz
            WHERE sid IN (SELECT sid FROM messages WHERE status = 'accepted' AND updated_at < $1::timestamptz
                           ORDER BY updated_at LIMIT $3::int FOR UPDATE SKIP LOCKED)
              AND status = 'accepted'
           RETURNING *`,
  },
  /** Rows whose release or refund Billing has not confirmed, last touched before $1: at most $2. */
  moneyDue: {
    name: 'sms_money_due',
    text: `SELECT * FROM messages WHERE money_due AND updated_at < $1::timestamptz ORDER BY updated_at LIMIT $2::int`,
  },
  /** Queued rows untouched since $1, touched now ($2) so each is published again once per period: at most $3. */
  takeStaleQueued: {
    name: 'sms_take_stale_queued',
    text: `UPDATE messages SET updated_at = $2::timestamptz
            WHERE sid IN (SELECT sid FROM messages WHERE status = 'queued' AND updated_at < $1::timestamptz
                           ORDER BY updated_at LIMIT $3::int FOR UPDATE SKIP LOCKED)
              AND status = 'queued'
           RETURNING sid`,
  },
  /**
   * Receipts received since $1 that came before their message's ids were stored, matched to it now
   * when it is the only message holding the key.
   */
  matchWaiting: {
    name: 'sms_match_waiting_receipts',
    text: `UPDATE delivery_receipts r SET sid = m.sid
             FROM messages m
            WHERE r.sid IS NULL AND r.received_at > $1::timestamptz
              AND m.receipt_keys @> ARRAY[r.carrier || ':' || r.receipt_key]
              AND NOT ${heldByAnother('m.sid', 'r.carrier', 'r.receipt_key')}
           RETURNING m.sid`,
  },
  /** Sent messages with matched receipts and no delivery status yet: at most $1. */
  unsettled: {
    name: 'sms_unsettled',
    text: `SELECT DISTINCT m.sid FROM messages m JOIN delivery_receipts r ON r.sid = m.sid
            WHERE m.status = 'sent' AND m.delivery_status IS NULL LIMIT $1::int`,
  },
} satisfies Record<string, NamedStatement>;
