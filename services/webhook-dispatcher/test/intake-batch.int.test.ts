import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { eventually, freshDatabase, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { openDatabase, type Db } from '../src/store/database.js';
import { Deliveries, type NewDelivery } from '../src/store/deliveries.js';
import { envelope, intakeDrained, Producer } from './events.js';
import { Receiver } from './receiver.js';

// The intake stores the deliveries of the messages in flight at the same moment with one
// multi-row statement (group commit), and every message still gets its own answer: a burst
// becomes exactly one delivery per (event, url), duplicates inside one batch included.

let platform: TestPlatform;
let producer: Producer;
let receiver: Receiver;
let pool: SchemaPool;
/** The store on a database of its own: no dispatcher claims (and so rewrites) its rows. */
let storePool: SchemaPool;
let db: Db;

const PROJECT = 'prj_intake_batch';

function delivery(eventId: string, url: string): NewDelivery {
  return {
    projectId: 'prj_batch_store',
    eventId,
    eventType: 'verification.approved',
    url,
    host: 'hooks.example.com',
    body: JSON.stringify({ id: eventId, quote: 'a "quoted", {braced} \\ body' }),
    traceContext: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    resourceSid: null,
    eventSeq: null,
  };
}

describe('the intake stores in batches', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['webhook-dispatcher'],
      env: { 'webhook-dispatcher': { POLL_INTERVAL_MS: '50' } },
    });
    producer = await Producer.connect();
    receiver = await Receiver.start();
    pool = schemaPool(platform.databaseUrl, 'webhooks');
    const storeUrl = await freshDatabase();
    storePool = schemaPool(storeUrl, 'webhooks');
    db = openDatabase(storeUrl, 'webhooks', schemaPool(storeUrl, 'webhooks'));
  });
  afterAll(async () => {
    await producer?.close();
    await pool?.end();
    await storePool?.end();
    await db?.$disconnect();
    await platform?.stop();
    await receiver?.close();
  });

  it('adds submitted together are one statement; a repeat of (event, url) in the same batch is absorbed, not an error', async () => {
    const deliveries = new Deliveries(db, storePool);
    const first = delivery('evt_batch_1', 'https://hooks.example.com/a');
    const refused = { ...delivery('evt_batch_2', 'ftp://hooks.example.com/b'), host: '', refusal: 'bad scheme' };
    const answers = await Promise.all([
      deliveries.add(first),
      deliveries.add({ ...first }), // same (event, url), same batch
      deliveries.add({ ...first, url: 'https://hooks.example.com/other' }), // same event, another url
      deliveries.add(refused),
    ]);
    assert.deepEqual(answers, [true, false, true, true]);
    // Stored already: a later batch answers false for both.
    assert.deepEqual(await Promise.all([deliveries.add(first), deliveries.add(refused)]), [false, false]);

    const { rows } = await storePool.query<{
      event_id: string;
      url: string;
      status: string;
      body: string;
      trace_context: Record<string, string>;
      next_attempt_at: Date | null;
      last_error: string | null;
      xmin: string;
    }>(
      `SELECT event_id, url, status, body, trace_context, next_attempt_at, last_error, xmin::text AS xmin
         FROM deliveries WHERE project_id = 'prj_batch_store' ORDER BY event_id, url`,
    );
    assert.deepEqual(
      rows.map((row) => [row.event_id, row.url, row.status, row.last_error]),
      [
        ['evt_batch_1', 'https://hooks.example.com/a', 'pending', null],
        ['evt_batch_1', 'https://hooks.example.com/other', 'pending', null],
        ['evt_batch_2', 'ftp://hooks.example.com/b', 'failed', 'bad scheme'],
      ],
    );
    // Rows stored by one statement share its transaction id.
    assert.equal(new Set(rows.map((row) => row.xmin)).size, 1, 'one statement for the four adds');
    // Every column survives the arrays: the body byte for byte, the trace context as JSON.
    assert.equal(rows[0]!.body, first.body);
    assert.deepEqual(rows[0]!.trace_context, first.traceContext);
    assert.equal(rows[0]!.next_attempt_at?.getTime(), 0);
    assert.equal(rows[2]!.next_attempt_at, null);
  });

  it('a burst of 200 events, some published three times, becomes exactly one delivery each, each posted once', async () => {
    const events = Array.from({ length: 200 }, (_, i) =>
      envelope('verification.approved', PROJECT, { sid: `VEburst${i}`, metadata: {} }),
    );
    const url = receiver.url('/burst');
    // Every 10th event is published twice more (new message ids, so JetStream keeps both): the
    // copies reach the intake at the same time as the original, often in its batch.
    await Promise.all([
      ...events.map((event) => producer.emit(event, url)),
      ...events.filter((_, i) => i % 10 === 0).map((event) => producer.emit(event, url, `${event.id}:copy`)),
      ...events.filter((_, i) => i % 10 === 0).map((event) => producer.emit(event, url, `${event.id}:copy2`)),
    ]);

    await eventually(
      async () =>
        (
          await pool.query<{ event_id: string; xmin: string }>(
            `SELECT event_id, xmin::text AS xmin FROM deliveries WHERE project_id = $1`,
            [PROJECT],
          )
        ).rows,
      (rows) => rows.length >= events.length,
      { what: 'every event stored', timeoutMs: 20000 },
    );
    // Nothing more is coming: every message is acked once its row is stored.
    await intakeDrained('every message, copies included, consumed and acked');
    const rows = (
      await pool.query<{ event_id: string; xmin: string }>(
        `SELECT event_id, xmin::text AS xmin FROM deliveries WHERE project_id = $1`,
        [PROJECT],
      )
    ).rows;
    assert.equal(rows.length, events.length);
    assert.deepEqual(new Set(rows.map((row) => row.event_id)), new Set(events.map((event) => event.id)));
    // How many statements the burst took depends on timing, so it is not asserted here: the test
    // above proves that adds waiting together go as one statement.

    await eventually(
      async () => receiver.received.filter((request) => request.path === '/burst').length,
      (posts) => posts >= events.length,
      { what: 'every delivery posted', timeoutMs: 30000 },
    );
    for (const event of events) assert.equal(receiver.withEventId(event.id).length, 1, `${event.id} posted once`);
  });
});
