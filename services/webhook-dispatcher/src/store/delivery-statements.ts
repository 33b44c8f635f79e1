import type { NamedStatement } from '@otp/platform';

// What the dispatcher runs by itself for every event and every attempt (intake, the delivery
// loop's claims and attempts; the secrets' are in secrets.ts): named statements on the pool Prisma shares
// (docs/developing.md, "Hot paths"), so a dispatcher that only delivers never loads Prisma's query
// compiler. Prisma keeps the admin paths (list, replay, rotation).

export const DELIVERY_STATEMENTS = {
  /**
   * Deliveries, each unless its (event, url) is stored already (by an earlier statement or an
   * earlier row of this one), one array per column: $1 ids, $2 projects, $3 event ids, $4 event
   * types, $5 urls, $6 hosts, $7 bodies, $8 trace contexts, $9 statuses, $10 next attempts at,
   * $11 last errors, $12 resources, $13 stream sequences. Answers the ids of the rows that were new, in no particular order: each row
   * carries its own id, so the caller matches them (the intake's group commit, deliveries.ts).
   */
  add: {
    name: 'webhook_add_deliveries',
    text: `INSERT INTO deliveries (id, project_id, event_id, event_type, url, host, body, trace_context, status,
                                   next_attempt_at, last_error, resource_sid, event_seq)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                                $8::jsonb[], $9::text[], $10::timestamptz[], $11::text[], $12::text[], $13::bigint[])
           ON CONFLICT DO NOTHING
           RETURNING id`,
  },
  /**
   * Leases up to $4 due deliveries, at most $3 in flight per host counting those this process
   * runs ($1 hosts, $2 their counts), for $5 milliseconds. A delivery whose resource has an earlier
   * event still pending to the same URL waits, until it is $6 milliseconds old.
   */
  claimDue: {
    name: 'webhook_claim_due',
    text: `WITH busy AS (
             SELECT * FROM unnest($1::text[], $2::int[]) AS b(host, in_flight)
           ), ranked AS (
             SELECT id, host, next_attempt_at,
                    row_number() OVER (PARTITION BY host ORDER BY next_attempt_at, id) AS place
               FROM deliveries
              WHERE status = 'pending' AND next_attempt_at <= now()
                AND NOT (resource_sid IS NOT NULL AND created_at > now() - $6::double precision * interval '1 millisecond'
                         -- a subquery with LIMIT stays a lookup per row, never a join over the whole index
                         AND (SELECT true FROM deliveries earlier
                               WHERE earlier.resource_sid = deliveries.resource_sid
                                 AND earlier.url = deliveries.url
                                 AND earlier.status = 'pending'
                                 AND earlier.event_seq < deliveries.event_seq
                               LIMIT 1) IS NOT NULL)
           ), eligible AS (
             SELECT r.id, r.next_attempt_at FROM ranked r LEFT JOIN busy b ON b.host = r.host
              WHERE r.place <= $3::int - coalesce(b.in_flight, 0)
           ), picked AS (
             SELECT d.id FROM deliveries d JOIN eligible e ON e.id = d.id
              WHERE d.status = 'pending' AND d.next_attempt_at <= now()
              ORDER BY e.next_attempt_at
              LIMIT $4::int
                FOR UPDATE OF d SKIP LOCKED
           )
           UPDATE deliveries d SET next_attempt_at = now() + $5::double precision * interval '1 millisecond'
             FROM picked WHERE d.id = picked.id
           RETURNING d.id, d.project_id AS "projectId", d.event_id AS "eventId", d.url, d.host, d.body,
                     d.series, d.series_attempts AS "seriesAttempts", d.trace_context AS "traceContext"`,
  },
  /** One more attempt of delivery $1, its row locked for the rest of the transaction; answers the attempt's number. */
  countAttempt: {
    name: 'webhook_count_attempt',
    text: `UPDATE deliveries SET attempts = attempts + 1, updated_at = now() WHERE id = $1::uuid RETURNING attempts`,
  },
  /**
   * The try, recorded before its POST: $1 delivery, $2 attempt id, $3 number, $4 series, $5 started
   * at. A started try an earlier holder of the lease left is marked interrupted.
   */
  startAttempt: {
    name: 'webhook_start_attempt',
    text: `WITH interrupted AS (
             UPDATE delivery_attempts SET status = 'interrupted' WHERE delivery_id = $1::uuid AND status = 'started')
           INSERT INTO delivery_attempts (id, delivery_id, number, series, status, started_at)
           VALUES ($2::uuid, $1::uuid, $3::int, $4::int, 'started', $5::timestamptz)`,
  },
  /**
   * The delivery after its attempt: $1 id, $2 the attempt's series, $3 next status, $4 retry in
   * (ms), $5 status code, $6 error. When a replay started another series meanwhile, only the last
   * status code and error are written: the replay's state wins. Locks the row first, as
   * `countAttempt` does, so two holders of one delivery queue up instead of deadlocking.
   */
  moveOn: {
    name: 'webhook_move_on',
    text: `UPDATE deliveries SET
             series_attempts = CASE WHEN series = $2::int THEN series_attempts + 1 ELSE series_attempts END,
             status = CASE WHEN series = $2::int THEN $3::text ELSE status END,
             next_attempt_at = CASE WHEN series <> $2::int THEN next_attempt_at
                                    WHEN $3::text = 'pending' THEN now() + $4::double precision * interval '1 millisecond'
                                    ELSE NULL END,
             last_status_code = $5::int,
             last_error = CASE WHEN $3::text = 'succeeded' THEN NULL ELSE $6::text END,
             updated_at = now()
           WHERE id = $1::uuid
           RETURNING id`,
  },
  /** The started try, completed: $1 attempt id, $2 duration, $3 status code, $4 error, $5 response snippet. */
  completeAttempt: {
    name: 'webhook_complete_attempt',
    text: `UPDATE delivery_attempts SET status = 'completed', duration_ms = $2::int, status_code = $3::int,
                  error = $4::text, response_snippet = $5::text
            WHERE id = $1::uuid`,
  },
} satisfies Record<string, NamedStatement>;
