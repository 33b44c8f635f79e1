import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { Db } from '../src/store/database.js';
import type { Messages } from '../src/store/messages.js';
import type { SendIntents } from '../src/store/send-intents.js';
import { storeQueuedMessage, storesOnFreshDatabase } from './stored-messages.js';

// A publish to sms.outbound whose answer was lost may still have reached the queue, and the worker
// may have taken the message before Send learns of the failure; or another attempt (a repeat of the
// request) got its own publish of it confirmed. Marking it enqueue_failed then would give its hold
// back (and tell the caller it was not sent) while it goes to the carrier.

let db: Db;
let messages: Messages;
let intents: SendIntents;

async function statusOf(sid: string): Promise<{ status: string; moneyDue: boolean; events: number }> {
  const row = await messages.bySid(sid);
  const events = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM outbox_events WHERE payload->'data'->>'sid' = ${sid}`;
  return { status: row?.status ?? 'missing', moneyDue: row?.moneyDue ?? false, events: events[0]!.n };
}

describe('sms: a failed enqueue of a message the worker already took', () => {
  beforeAll(async () => {
    ({ db, messages, intents } = await storesOnFreshDatabase());
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it('a queued message fails the enqueue: enqueue_failed, money due, its event', async () => {
    const queued = await storeQueuedMessage(intents, 'verify');
    assert.equal(await messages.markEnqueueFailed(queued, 'the outbound queue was unavailable', new Date()), true);
    assert.deepEqual(await statusOf(queued.sid), { status: 'enqueue_failed', moneyDue: true, events: 1 });
  });

  it('a direct message fails the enqueue: its event too (its caller may have hung up before the 503)', async () => {
    const queued = await storeQueuedMessage(intents, 'direct');
    assert.equal(await messages.markEnqueueFailed(queued, 'the outbound queue was unavailable', new Date()), true);
    assert.deepEqual(await statusOf(queued.sid), { status: 'enqueue_failed', moneyDue: true, events: 1 });
  });

  it('a message whose publish another attempt got confirmed stays queued: not failed, no event', async () => {
    const queued = await storeQueuedMessage(intents, 'direct');
    assert.equal((await messages.markEnqueued(queued.sid, new Date()))?.status, 'queued');
    assert.equal(await messages.markEnqueueFailed(queued, 'the outbound queue was unavailable', new Date()), false);
    assert.deepEqual(await statusOf(queued.sid), { status: 'queued', moneyDue: false, events: 0 });
  });

  it('a publish confirmed after another attempt failed the message is not an answer', async () => {
    const queued = await storeQueuedMessage(intents, 'direct');
    assert.equal(await messages.markEnqueueFailed(queued, 'the outbound queue was unavailable', new Date()), true);
    assert.equal(await messages.markEnqueued(queued.sid, new Date()), null);
  });

  it('a message the worker claimed is left to it: not failed, no money due, no event', async () => {
    const queued = await storeQueuedMessage(intents, 'verify');
    assert.ok(await messages.claim(queued.sid, 1, new Date()));
    assert.equal(await messages.markEnqueueFailed(queued, 'the outbound queue was unavailable', new Date()), false);
    assert.deepEqual(await statusOf(queued.sid), { status: 'processing', moneyDue: false, events: 0 });
  });
});
