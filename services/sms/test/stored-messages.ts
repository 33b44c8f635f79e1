import assert from 'node:assert/strict';
import { newSid, schemaPool } from '@otp/platform';
import { freshDatabase } from '@otp/test/infra';
import type { Message } from '../src/generated/prisma/client.js';
import { openDatabase, type Db } from '../src/store/database.js';
import { Messages } from '../src/store/messages.js';
import { DeliveryReceipts } from '../src/store/receipts.js';
import { SendIntents } from '../src/store/send-intents.js';

/** The SMS stores on a fresh database, as the service opens them (one pool Prisma shares). */
export async function storesOnFreshDatabase(): Promise<{
  db: Db;
  messages: Messages;
  receipts: DeliveryReceipts;
  intents: SendIntents;
}> {
  const url = await freshDatabase();
  const pool = schemaPool(url, 'sms');
  const db = openDatabase(url, 'sms', pool);
  return { db, messages: new Messages(db, pool), receipts: new DeliveryReceipts(pool), intents: new SendIntents(pool) };
}

/**
 * A message as Send leaves it once its hold is confirmed (`queued`), written through the store's
 * own statements: what the delivery worker and the recovery passes start from.
 */
export async function storeQueuedMessage(intents: SendIntents, purpose: 'direct' | 'verify'): Promise<Message> {
  const sid = newSid('SM');
  const now = new Date();
  const intent = await intents.insert({
    sid,
    projectId: 'p1',
    requestKey: `${sid}-key`,
    requestHash: null,
    purpose,
    to: '+447700123456',
    from: 'MyShop',
    body: purpose === 'verify' ? 'Your code is ******' : 'Your parcel is on its way',
    bodySealed: purpose === 'verify' ? 'c2VhbGVk' : null,
    segments: 1,
    encoding: 'gsm7',
    priceCents: 5,
    costCents: 5,
    metadata: {},
    callbackUrl: undefined,
    createdAt: now,
  });
  assert.ok(intent);
  const queued = await intents.markQueued(sid, `hold-${sid}`, now);
  assert.ok(queued);
  return queued;
}
