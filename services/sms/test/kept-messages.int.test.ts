import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createLogger, systemClock, WritesInProgress } from '@otp/platform';
import { idKey, type CarrierIdFormats } from '../src/domain/receipts.js';
import type { Message } from '../src/generated/prisma/client.js';
import { recordReceipt, type IncomingReceiptDeps } from '../src/operations/delivery-receipts.js';
import type { Db } from '../src/store/database.js';
import { KeptMessages } from '../src/store/kept-messages.js';
import type { Messages } from '../src/store/messages.js';
import type { DeliveryReceipts } from '../src/store/receipts.js';
import type { SendIntents } from '../src/store/send-intents.js';
import { storeQueuedMessage, storesOnFreshDatabase } from './stored-messages.js';

// The receipt of a one-part message this process just sent settles it in the statement that
// stores the receipt (KeptMessages): the delivery status, its time and its one event are those
// the receipt's usual path writes, and the first final answer still stands.

const logger = createLogger('kept-messages-test', 'silent');
let db: Db;
let messages: Messages;
let receipts: DeliveryReceipts;
let intents: SendIntents;
let events = 0;
let deps: IncomingReceiptDeps;
/** Carrier alpha compares its ids as text (id_format opaque). */
const ALPHA: { name: string; idFormats: CarrierIdFormats } = {
  name: 'alpha',
  idFormats: { submit: 'opaque', receiptText: 'opaque' },
};
const keyOf = (carrierId: string) => `alpha:${idKey(carrierId, 'opaque')!}`;

/** A one-part message written `sent` on carrier alpha (its id `carrierId`), kept as the worker keeps it. */
async function sentMessage(id?: string): Promise<{ row: Message; carrierId: string }> {
  const queued = await storeQueuedMessage(intents, 'direct');
  const claimed = await messages.claim(queued.sid, 1, new Date());
  assert.ok(claimed);
  const carrierId = id ?? `K${queued.sid.slice(-8)}`;
  const keys = [keyOf(carrierId)];
  const sent = await messages.markSent({ ...claimed, carrier: 'alpha', receiptKeys: keys }, [carrierId], new Date());
  assert.ok(sent);
  assert.equal(sent.row.segments, 1);
  deps.kept.sent(sent.row);
  return { row: sent.row, carrierId };
}

async function eventTypes(sid: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ type: string }[]>`
    SELECT type FROM outbox_events WHERE payload->'data'->>'sid' = ${sid} ORDER BY seq`;
  return rows.map((r) => r.type);
}

async function receiptSids(carrierId: string): Promise<(string | null)[]> {
  const rows = await db.$queryRaw<{ sid: string | null }[]>`
    SELECT sid FROM delivery_receipts WHERE carrier = 'alpha' AND carrier_message_id = ${carrierId}`;
  return rows.map((r) => r.sid);
}

describe('sms: the receipt of a message this process just sent', () => {
  beforeAll(async () => {
    ({ db, messages, receipts, intents } = await storesOnFreshDatabase());
    deps = {
      receipts,
      clock: systemClock,
      logger,
      onEvent: () => (events += 1),
      idWrites: new WritesInProgress(),
      kept: new KeptMessages(100),
    };
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it('settles it as the receipt is stored: status, delivery time, one event, the receipt matched', async () => {
    const { row, carrierId } = await sentMessage();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const doneAt = new Date();
    const before = events;
    await recordReceipt(deps, ALPHA, { carrierMessageId: carrierId, idFrom: 'tlv', state: 'DELIVRD', doneAt });
    const settled = await messages.bySid(row.sid);
    assert.equal(settled?.deliveryStatus, 'delivered');
    assert.equal(settled?.deliveredAt?.getTime(), doneAt.getTime());
    assert.deepEqual(await eventTypes(row.sid), ['sms.sent', 'sms.delivered']);
    assert.equal(events - before, 1, 'the relay was woken for the event');
    assert.deepEqual(await receiptSids(carrierId), [row.sid]);
    assert.equal(deps.kept.forReceipt(keyOf(carrierId)), undefined, 'no longer kept');
  });

  it('a done date before the send (minute precision) never makes delivered_at earlier than the send', async () => {
    const { row, carrierId } = await sentMessage();
    const doneAt = new Date(row.createdAt.getTime() - 60_000);
    await recordReceipt(deps, ALPHA, { carrierMessageId: carrierId, idFrom: 'text', state: 'DELIVRD', doneAt });
    const settled = await messages.bySid(row.sid);
    assert.equal(settled?.deliveryStatus, 'delivered');
    assert.ok(settled!.deliveredAt! >= settled!.processedAt!, 'delivered_at is not before processed_at');
    assert.ok(settled!.deliveredAt! >= settled!.createdAt, 'nor before date_created');
  });

  it('a receipt whose id two messages hold changes neither, even the one kept here', async () => {
    const shared = `R${Date.now()}`;
    const first = await sentMessage(shared);
    const second = await sentMessage(shared);
    await recordReceipt(deps, ALPHA, { carrierMessageId: shared, idFrom: 'tlv', state: 'DELIVRD' });
    assert.equal((await messages.bySid(first.row.sid))?.deliveryStatus, null);
    assert.equal((await messages.bySid(second.row.sid))?.deliveryStatus, null);
    assert.deepEqual(await receiptSids(shared), [], 'stored nowhere');
  });

  it('a settled message lets go of its id: a carrier that reuses it settles the new message', async () => {
    const reused = `Z${Date.now()}`;
    const old = await sentMessage(reused);
    await recordReceipt(deps, ALPHA, { carrierMessageId: reused, idFrom: 'tlv', state: 'UNDELIV' });
    assert.equal((await messages.bySid(old.row.sid))?.deliveryStatus, 'undelivered');
    const fresh = await sentMessage(reused);
    await recordReceipt(deps, ALPHA, { carrierMessageId: reused, idFrom: 'tlv', state: 'DELIVRD' });
    assert.equal((await messages.bySid(fresh.row.sid))?.deliveryStatus, 'delivered');
    assert.equal((await messages.bySid(old.row.sid))?.deliveryStatus, 'undelivered', 'the old one keeps its answer');
    assert.deepEqual(await receiptSids(reused), [fresh.row.sid]);
  });

  it('a message settled meanwhile (the receipt pass, another replica) keeps its first answer', async () => {
    const { row, carrierId } = await sentMessage();
    assert.ok(await receipts.settle(row, 'undelivered', null, new Date()));
    await recordReceipt(deps, ALPHA, {
      carrierMessageId: carrierId,
      idFrom: 'tlv',
      state: 'DELIVRD',
      doneAt: new Date(),
    });
    const settled = await messages.bySid(row.sid);
    assert.equal(settled?.deliveryStatus, 'undelivered');
    assert.deepEqual(await eventTypes(row.sid), ['sms.sent', 'sms.undelivered']);
    assert.deepEqual(await receiptSids(carrierId), [row.sid], 'the receipt is still stored, matched');
  });

  it('a receipt that decides nothing yet is stored, and the final one that follows settles the message', async () => {
    const { row, carrierId } = await sentMessage();
    await recordReceipt(deps, ALPHA, { carrierMessageId: carrierId, idFrom: 'tlv', state: 'ENROUTE' });
    assert.equal((await messages.bySid(row.sid))?.deliveryStatus, null);
    await recordReceipt(deps, ALPHA, { carrierMessageId: carrierId, idFrom: 'tlv', state: 'UNDELIV', error: '001' });
    assert.equal((await messages.bySid(row.sid))?.deliveryStatus, 'undelivered');
    assert.deepEqual(await eventTypes(row.sid), ['sms.sent', 'sms.undelivered']);
  });

  it('kept nothing (SMS_KEPT_COPIES=0): the receipt takes its usual path to the same outcome', async () => {
    const none = { ...deps, kept: new KeptMessages(0) };
    const { row, carrierId } = await sentMessage();
    none.kept.sent(row);
    await recordReceipt(none, ALPHA, { carrierMessageId: carrierId, idFrom: 'tlv', state: 'DELIVRD' });
    assert.equal((await messages.bySid(row.sid))?.deliveryStatus, 'delivered');
    assert.deepEqual(await eventTypes(row.sid), ['sms.sent', 'sms.delivered']);
  });
});
