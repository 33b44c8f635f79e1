import type { Counter } from '@opentelemetry/api';
import type pg from 'pg';
import type { NamedStatement } from '../db/statements.js';
import { meter } from './metrics.js';

// The outbox on the metrics endpoint: what the relay published, by event type (the platform's
// domain outcomes: sms.sent, sms.failed, messenger.failed, verification.approved...), and what
// still waits in the table, read when the metrics are collected.

let published: Counter | undefined;

/** Events the relay handed to JetStream (a copy published again after a crash counts again). */
export function recordPublishedEvents(events: readonly { payload: { type: string } }[]): void {
  if (events.length === 0) return;
  published ??= meter().createCounter('outbox.events.published', {
    description: 'Events the outbox relay published to JetStream, by event type',
  });
  for (const event of events) published.add(1, { 'event.type': event.payload.type });
}

const PENDING: NamedStatement = {
  name: 'outbox_backlog',
  text: `SELECT count(*)::int AS pending,
                COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest_age
           FROM outbox_events WHERE published_at IS NULL`,
};

/**
 * Rows the relay has not published yet and the age of the oldest: a growing backlog is NATS
 * refusing or a relay that stopped. Every replica of a service reads the same table: take the
 * maximum per service, not the sum.
 */
export function observeOutbox(pool: pg.Pool): void {
  const pending = meter().createObservableGauge('outbox.events.pending', {
    description: 'Outbox rows not yet published to JetStream',
  });
  const age = meter().createObservableGauge('outbox.events.oldest_pending.age', {
    description: 'Age of the oldest outbox row not yet published',
    unit: 's',
  });
  meter().addBatchObservableCallback(
    async (result) => {
      const read = await pool.query<{ pending: number; oldest_age: number }>(PENDING).catch(() => undefined);
      const row = read?.rows[0];
      if (!row) return;
      result.observe(pending, row.pending);
      result.observe(age, row.oldest_age);
    },
    [pending, age],
  );
}
