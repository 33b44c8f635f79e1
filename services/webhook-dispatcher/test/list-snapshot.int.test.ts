import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import pg from 'pg';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase } from '@otp/test/infra';
import { openDatabase, type Db } from '../src/store/database.js';
import { Deliveries } from '../src/store/deliveries.js';

// ListDeliveries shows each delivery with its latest attempts. Prisma reads them in two queries,
// while an attempt's end commits with its delivery's move in one transaction. Here that commit
// lands exactly between the two queries: the list must still show one moment (the attempt still
// started and the delivery without a status code), never the attempt completed beside a delivery
// that has not heard of it.

let pool: SchemaPool;
let db: Db;
let deliveries: Deliveries;

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** Runs `between` once, right before the first SELECT that reads delivery_attempts is sent. */
function beforeAttemptsAreRead(between: () => Promise<void>): () => void {
  const original = pg.Client.prototype.query as unknown as Query;
  let armed = true;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (!armed || !/^\s*SELECT/i.test(text) || !text.includes('delivery_attempts')) return original.apply(this, args);
    armed = false;
    return between().then(() => original.apply(this, args));
  };
  return () => {
    (pg.Client.prototype as unknown as { query: Query }).query = original;
  };
}

describe('the list of deliveries is one moment', () => {
  beforeAll(async () => {
    const url = await freshDatabase();
    pool = schemaPool(url, 'webhooks');
    db = openDatabase(url, 'webhooks', schemaPool(url, 'webhooks'));
    deliveries = new Deliveries(db, pool);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.$disconnect();
  });

  it('an attempt that ends while the list is read shows with its delivery as both were, or as both are', async () => {
    const added = await deliveries.add({
      projectId: 'prj_snapshot',
      eventId: 'evt_snapshot',
      eventType: 'verification.approved',
      url: 'https://hooks.example.com/snapshot',
      host: 'hooks.example.com',
      body: '{}',
      traceContext: {},
      resourceSid: null,
      eventSeq: null,
    });
    assert.equal(added, true);
    const [claimed] = await deliveries.claimDue({
      free: 1,
      perHost: 1,
      busy: new Map(),
      leaseMs: 60_000,
      orderWaitMs: 0,
    });
    assert.ok(claimed, 'the delivery is due and claimed');
    const started = await deliveries.startAttempt(claimed, new Date());
    assert.ok(started);

    const restore = beforeAttemptsAreRead(() =>
      deliveries.finishAttempt(
        claimed,
        started,
        { startedAt: new Date(), durationMs: 12, statusCode: 503, responseSnippet: 'busy' },
        { status: 'pending', retryInMs: 60_000 },
      ),
    );
    let during;
    try {
      [during] = await deliveries.list('prj_snapshot', undefined, 10);
    } finally {
      restore();
    }
    assert.ok(during);
    assert.deepEqual(
      { lastStatusCode: during.lastStatusCode, attempt: during.attemptLog[0]?.status },
      { lastStatusCode: null, attempt: 'started' },
      'as both were when the list began',
    );

    const [after] = await deliveries.list('prj_snapshot', undefined, 10);
    assert.deepEqual(
      { lastStatusCode: after?.lastStatusCode, attempt: after?.attemptLog[0]?.status },
      { lastStatusCode: 503, attempt: 'completed' },
      'and as both are once it ended',
    );
  });
});
