import assert from 'node:assert/strict';
import { newSid } from '@otp/platform';
import type { Message } from '../src/generated/prisma/client.js';
import type { SendIntents } from '../src/store/send-intents.js';

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
