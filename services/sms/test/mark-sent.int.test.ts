import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createLogger, systemClock } from '@otp/platform';
import { idKey } from '../src/domain/receipts.js';
import type { Message } from '../src/generated/prisma/client.js';
import { settleOpen } from '../src/operations/delivery-receipts.js';
import type { Db } from '../src/store/database.js';
import type { Messages } from '../src/store/messages.js';
import type { DeliveryReceipts } from '../src/store/receipts.js';
import type { SendIntents } from '../src/store/send-intents.js';
import { storeQueuedMessage, storesOnFreshDatabase } from './stored-messages.js';

// A carrier often sends the receipt of a submit as it answers it, before the worker has stored
// the ids the receipt names. Marking the message sent takes such receipts in the same statement,
// so a final one settles the message at once (the receipt pass is only the backstop).

const logger = createLogger('mark-sent-test', 'silent');
let db: Db;
let messages: Messages;
let receipts: DeliveryReceipts;
let intents: SendIntents;

async function claimedMessage(): Promise<Message> {
  const queued = await storeQueuedMessage(intents, 'direct');
  const claimed = await messages.claim(queued.sid, 1, new Date());
  assert.ok(claimed);
  return { ...claimed, carrier: 'alpha' };
}

/** What the worker stores for a submit the carrier answered with `carrierId`. */
function sentOn(carrier: string, carrierId: string): { ids: string[]; keys: string[] } {
  return { ids: [carrierId], keys: [`${carrier}:${idKey(carrierId, 'opaque')!}`] };
}

async function eventsOf(sid: string, type: string): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM outbox_events WHERE type = ${type} AND payload->'data'->>'sid' = ${sid}`;
  return rows[0]!.n;
}

describe('sms: marking a message sent takes the receipts that came before its ids', () => {
  beforeAll(async () => {
    ({ db, messages, receipts, intents } = await storesOnFreshDatabase());
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it('a receipt stored before the ids is matched and answered with the write, and settles the message', async () => {
    const claimed = await claimedMessage();
    const carrierId = `A${claimed.sid.slice(-8)}`;
    const now = new Date();
    // The receipt first: no message names its id yet, so it is stored unmatched.
    const early = await receipts.record(
      'alpha',
      idKey(carrierId, 'opaque')!,
      { carrierMessageId: carrierId, state: 'DELIVRD', doneAt: now },
      now,
    );
    assert.deepEqual(early, { owners: 0 });

    const { ids, keys } = sentOn('alpha', carrierId);
    const sent = await messages.markSent({ ...claimed, receiptKeys: keys }, ids, new Date());
    assert.ok(sent, 'the message was processing, so this write takes it');
    assert.equal(sent.row.status, 'sent');
    assert.deepEqual(
      sent.parts.map((p) => p.state),
      ['DELIVRD'],
    );
    assert.equal(await eventsOf(claimed.sid, 'sms.sent'), 1);

    let events = 0;
    await settleOpen({ receipts, clock: systemClock, logger, onEvent: () => (events += 1) }, sent);
    const settled = await messages.bySid(claimed.sid);
    assert.equal(settled?.deliveryStatus, 'delivered');
    // The receipt was done before the write of `sent`: delivered_at is never before the send.
    assert.ok(settled!.deliveredAt! >= settled!.processedAt!);
    assert.equal(events, 1);
    assert.equal(await eventsOf(claimed.sid, 'sms.delivered'), 1);
  });

  it('a second write of the same message changes nothing and answers null (the first one settles it)', async () => {
    const claimed = await claimedMessage();
    const { ids, keys } = sentOn('alpha', `B${claimed.sid.slice(-8)}`);
    assert.ok(await messages.markSent({ ...claimed, receiptKeys: keys }, ids, new Date()));
    assert.equal(await messages.markSent({ ...claimed, receiptKeys: keys }, ids, new Date()), null);
    assert.equal(await eventsOf(claimed.sid, 'sms.sent'), 1);
  });

  it("another carrier's receipt with the same id is not this message's", async () => {
    const claimed = await claimedMessage();
    const carrierId = `C${claimed.sid.slice(-8)}`;
    const now = new Date();
    await receipts.record('beta', idKey(carrierId, 'opaque')!, { carrierMessageId: carrierId, state: 'DELIVRD' }, now);
    const { ids, keys } = sentOn('alpha', carrierId);
    const sent = await messages.markSent({ ...claimed, receiptKeys: keys }, ids, new Date());
    assert.ok(sent);
    assert.deepEqual(sent.parts, []);
    const unmatched = await db.$queryRaw<{ sid: string | null }[]>`
      SELECT sid FROM delivery_receipts WHERE carrier = 'beta' AND carrier_message_id = ${carrierId}`;
    assert.deepEqual(unmatched, [{ sid: null }]);
  });
});
