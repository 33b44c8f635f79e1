import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { freshDatabase, natsUrl, resetBus } from '@otp/test/infra';
import { connectBus, ensureConsumer, ensureStream, type Bus } from '../src/bus/jetstream.js';
import { STREAMS } from '../src/bus/streams.js';
import { schemaPool } from '../src/db/postgres.js';
import { countStatements } from '../src/db/statement-count.js';
import { createLogger } from '../src/logging.js';
import { OutboxRelay, outboxRow, type EventEnvelope } from '../src/outbox.js';

const logger = createLogger('outbox-test', 'silent');
let pool: ReturnType<typeof schemaPool>;
let databaseUrl: string;
let bus: Bus;

async function insert(row: ReturnType<typeof outboxRow>, createdAt = new Date()): Promise<void> {
  await pool.query(
    'INSERT INTO outbox_events (id, subject, type, payload, headers, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [row.id, row.subject, row.type, JSON.stringify(row.payload), JSON.stringify(row.headers), createdAt],
  );
}

async function drainEvents(durable: string, expected: number): Promise<EventEnvelope[]> {
  const consumer = await jetstream(bus.nc).consumers.get(STREAMS.events.name, durable);
  const seen: EventEnvelope[] = [];
  const batch = await consumer.fetch({ max_messages: expected + 5, expires: 1500 });
  for await (const message of batch) {
    seen.push(message.json<EventEnvelope>());
    message.ack();
  }
  return seen;
}

describe('outbox relay (real Postgres, real JetStream)', () => {
  beforeAll(async () => {
    databaseUrl = await freshDatabase();
    pool = schemaPool(databaseUrl, 'outbox_test');
    await pool.query('CREATE SCHEMA IF NOT EXISTS outbox_test');
    await pool.query(`CREATE TABLE outbox_events (
      id uuid PRIMARY KEY, seq bigserial NOT NULL, subject text NOT NULL, type text NOT NULL, payload jsonb NOT NULL,
      headers jsonb NOT NULL DEFAULT '{}', created_at timestamptz(3) NOT NULL DEFAULT now(), published_at timestamptz(3))`);
    // The bare bus (no users): the kit is tested here, not the permissions.
    await resetBus({ url: natsUrl(), users: {} });
    bus = await connectBus({ url: natsUrl() }, 'outbox-test', logger);
    await ensureStream(bus.jsm, STREAMS.events);
    await ensureConsumer(bus.jsm, STREAMS.events.name, { durable_name: 'outbox-test', filter_subject: 'events.>' });
  });
  afterAll(async () => {
    await bus?.close();
    await pool?.end();
  });

  it('publishes every committed row once, in the order written even within one millisecond, and marks it published', async () => {
    const now = new Date();
    const rows = Array.from({ length: 20 }, (_, n) => outboxRow('events.sms.status', 'sms.sent', 'p1', { n }, now));
    for (const row of rows) await insert(row, now);
    const relay = new OutboxRelay({ pool, js: bus.js, logger, intervalMs: 50 });
    relay.start();
    await relay.drain();
    await relay.stop();

    const events = await drainEvents('outbox-test', rows.length);
    assert.deepEqual(
      events.map((e) => e.id),
      rows.map((r) => r.id),
    );
    assert.deepEqual(events[0], rows[0]!.payload);
    const pending = await pool.query('SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL');
    assert.equal(pending.rows[0].n, 0);
  });

  it('a row published again after a crash (not marked) reaches consumers once: Nats-Msg-Id dedup', async () => {
    const row = outboxRow('events.sms.status', 'sms.failed', 'p1', { n: 4 }, new Date());
    await insert(row);
    const relay = new OutboxRelay({ pool, js: bus.js, logger });
    await relay.drain();
    // Simulate the crash window: published, but the mark was lost.
    await pool.query('UPDATE outbox_events SET published_at = NULL WHERE id = $1', [row.id]);
    await relay.drain();
    const events = await drainEvents('outbox-test', 2);
    assert.deepEqual(
      events.map((e) => e.id),
      [row.id],
    );
  });

  it("publishes a row nobody woke it for (another replica's commit) on its own tick", async () => {
    const relay = new OutboxRelay({ pool, js: bus.js, logger, intervalMs: 50 });
    relay.start();
    try {
      // Idle ticks first (each asks whether anything is pending), then a row arrives without a wake.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const row = outboxRow('events.sms.status', 'sms.sent', 'p1', { n: 7 }, new Date());
      await insert(row);
      const deadline = Date.now() + 5000;
      let published = false;
      while (!published && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        const result = await pool.query('SELECT published_at FROM outbox_events WHERE id = $1', [row.id]);
        published = result.rows[0]?.published_at !== null;
      }
      assert.ok(published, 'the row was never published by a tick');
      const events = await drainEvents('outbox-test', 1);
      assert.deepEqual(
        events.map((e) => e.id),
        [row.id],
      );
    } finally {
      await relay.stop();
    }
  });

  it('two relays on one table (two replicas) publish every row once and keep the order written', async () => {
    const now = new Date();
    const rows = Array.from({ length: 120 }, (_, n) => outboxRow('events.sms.status', 'sms.sent', 'p1', { n }, now));
    for (const row of rows) await insert(row, now);
    const second = schemaPool(databaseUrl, 'outbox_test');
    const relays = [
      new OutboxRelay({ pool, js: bus.js, logger, batchSize: 5 }),
      new OutboxRelay({ pool: second, js: bus.js, logger, batchSize: 5 }),
    ];
    // Each relay drains in several rounds, interleaved with the other one.
    await Promise.all(relays.map((relay) => Promise.all([relay.drain(), relay.drain(), relay.drain()])));
    await relays[0]!.drain();
    await second.end();

    const events = await drainEvents('outbox-test', rows.length);
    assert.deepEqual(
      events.map((e) => (e.data as { n: number }).n),
      rows.map((_, n) => n),
    );
  });

  it('gives the lock back after every pass, so the next pass of any replica can take it', async () => {
    const row = outboxRow('events.sms.status', 'sms.sent', 'p1', { n: 9 }, new Date());
    await insert(row);
    const relay = new OutboxRelay({ pool, js: bus.js, logger });
    await relay.drain();
    // A pass that found nothing pending gives the lock back too.
    await relay.drain();
    const held = await pool.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted
          AND objid = hashtext('outbox_test.outbox_events')::oid`,
    );
    assert.equal(held.rows[0].n, 0);
    const events = await drainEvents('outbox-test', 1);
    assert.deepEqual(
      events.map((e) => e.id),
      [row.id],
    );
  });

  it('publishes nothing while another relay holds the lock, and everything once it is given back', async () => {
    const row = outboxRow('events.sms.status', 'sms.sent', 'p1', { n: 10 }, new Date());
    await insert(row);
    const other = await pool.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('outbox_test.outbox_events'))`);
      const relay = new OutboxRelay({ pool, js: bus.js, logger });
      await relay.drain();
      const pending = await pool.query('SELECT published_at FROM outbox_events WHERE id = $1', [row.id]);
      assert.equal(pending.rows[0].published_at, null);
      await other.query(`SELECT pg_advisory_unlock(hashtext('outbox_test.outbox_events'))`);
      await relay.drain();
      const marked = await pool.query('SELECT published_at FROM outbox_events WHERE id = $1', [row.id]);
      assert.notEqual(marked.rows[0].published_at, null);
    } finally {
      other.release();
    }
    const events = await drainEvents('outbox-test', 1);
    assert.deepEqual(
      events.map((e) => e.id),
      [row.id],
    );
  });

  it('a pass whose publish fails marks nothing after the failure and gives the lock back', async () => {
    const rows = Array.from({ length: 3 }, (_, n) =>
      outboxRow('events.sms.status', 'sms.sent', 'p1', { n }, new Date()),
    );
    for (const row of rows) await insert(row);
    // A subject no stream takes: JetStream answers "no responders", so the publish fails.
    await pool.query(`UPDATE outbox_events SET subject = 'nowhere.at.all' WHERE id = $1`, [rows[1]!.id]);
    const relay = new OutboxRelay({ pool, js: bus.js, logger });
    await relay.drain();
    const states = await pool.query<{ id: string; published: boolean }>(
      'SELECT id, published_at IS NOT NULL AS published FROM outbox_events WHERE id = ANY($1::uuid[]) ORDER BY seq',
      [rows.map((r) => r.id)],
    );
    assert.deepEqual(
      states.rows.map((r) => r.published),
      [true, false, false],
    );
    const held = await pool.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted
          AND objid = hashtext('outbox_test.outbox_events')::oid`,
    );
    assert.equal(held.rows[0].n, 0);
    // Put right, the rest goes on the next pass; the row after the failure, which JetStream had
    // stored in the first pass, is not stored twice.
    await pool.query(`UPDATE outbox_events SET subject = 'events.sms.status' WHERE id = $1`, [rows[1]!.id]);
    await relay.drain();
    const events = await drainEvents('outbox-test', 3);
    assert.deepEqual(events.map((e) => e.id).sort(), rows.map((r) => r.id).sort());
  });

  it('batch after batch on one connection: one statement per batch, plus the first read and the last mark', async () => {
    const now = new Date();
    const rows = Array.from({ length: 15 }, (_, n) => outboxRow('events.sms.status', 'sms.sent', 'p1', { n }, now));
    for (const row of rows) await insert(row, now);
    const relay = new OutboxRelay({ pool, js: bus.js, logger, batchSize: 5 });
    const statements = countStatements();
    const before = statements();
    await relay.drain();
    // Lock and read 5; mark 5 and read 5, twice; mark 5 and read none; mark none and unlock.
    assert.equal(statements() - before, 5);
    const events = await drainEvents('outbox-test', rows.length);
    assert.deepEqual(
      events.map((e) => e.id),
      rows.map((r) => r.id),
    );
    const pending = await pool.query('SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL');
    assert.equal(pending.rows[0].n, 0);
  });
});
