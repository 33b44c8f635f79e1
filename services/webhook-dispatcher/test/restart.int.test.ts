import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, type PromiseClient } from '@otp/platform';
import { loadWebhooksProto, type WebhooksClient } from '@otp/proto';
import { eventually, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { envelope, Producer } from './events.js';
import { Receiver } from './receiver.js';

// Pending deliveries live in Postgres, so a dispatcher killed with SIGKILL (no graceful stop)
// loses nothing: the restarted process picks them up, whether it died between two attempts or
// in the middle of one (then the claim's lease runs out and the attempt is made again).

let platform: TestPlatform;
let webhooks: PromiseClient<WebhooksClient>;
let producer: Producer;
let receiver: Receiver;

const PROJECT = 'prj_restart';
const ATTEMPT_TIMEOUT_MS = 2000; // lease = attempt timeout + 5 s

async function deliveryOf(eventId: string) {
  const { deliveries } = await webhooks.ListDeliveries({ project_id: PROJECT, limit: 100 });
  return deliveries.find((d) => d.event_id === eventId);
}

function reconnect(): void {
  webhooks?.close();
  webhooks = createGrpcClient(
    loadWebhooksProto().otp.webhooks.v1.Webhooks,
    `127.0.0.1:${platform.ports.webhooks}`,
    10000,
  );
}

describe('dispatcher restart (SIGKILL) loses no delivery', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['webhook-dispatcher'],
      env: {
        'webhook-dispatcher': {
          // First retry after 2 s (+-20 %): a kill right after attempt 1 lands between attempts.
          RETRY_DELAY_SCALE: '0.4',
          ATTEMPT_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
          POLL_INTERVAL_MS: '50',
        },
      },
    });
    reconnect();
    producer = await Producer.connect();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await producer?.close();
    webhooks?.close();
    await platform?.stop();
    await receiver?.close();
  });

  it('killed while a retry is pending, the restarted dispatcher makes it and the event arrives', async () => {
    let healthy = false;
    receiver.reply = () => (healthy ? { status: 200 } : { status: 503 });
    const event = envelope('verification.failed', PROJECT, { sid: 'VEwait', metadata: { k: 'v' } });
    await producer.emit(event, receiver.url('/wait'));
    const waiting = await eventually(
      () => deliveryOf(event.id),
      (d) => d?.attempts === 1 && d.recent_attempts[0]?.status === 'completed',
      { what: 'the first attempt recorded' },
    );
    assert.equal(waiting!.status, 'pending');
    assert.equal(waiting!.last_status_code, 503);

    // The next attempt is at least 1.6 s away: the kill comes long before it.
    healthy = true;
    await platform.restart('webhook-dispatcher', 'SIGKILL');
    reconnect();
    const done = await eventually(
      () => deliveryOf(event.id),
      (d) => d?.status === 'succeeded',
      { what: 'delivered after the restart', timeoutMs: 20000 },
    );
    assert.equal(done!.attempts, 2);
    const posts = receiver.withEventId(event.id);
    assert.equal(posts.length, 2);
    assert.deepEqual(JSON.parse(posts[1]!.body), event);
  });

  it('killed in the middle of an attempt, the delivery is attempted again once its lease ends and the cut-short try shows as interrupted', async () => {
    receiver.reply = (request) =>
      receiver.withEventId(String(request.headers['webhook-id'])).length === 1 ? 'hang' : { status: 200 };
    const event = envelope('messenger.delivered', PROJECT, { sid: 'TGmid', metadata: {} });
    await producer.emit(event, receiver.url('/mid'));
    await eventually(
      async () => receiver.hanging.length,
      (n) => n === 1,
      { what: 'an attempt in flight' },
    );

    // While the POST is held open, the try is already in the log.
    const during = await deliveryOf(event.id);
    assert.equal(during!.attempts, 1);
    assert.equal(during!.recent_attempts[0]!.status, 'started');

    await platform.restart('webhook-dispatcher', 'SIGKILL');
    reconnect();
    const done = await eventually(
      () => deliveryOf(event.id),
      (d) => d?.status === 'succeeded',
      { what: 'delivered after the lease ran out', timeoutMs: 20000 },
    );
    // The killed try shows in the log as interrupted (no response), then the try that delivered.
    assert.equal(done!.attempts, 2);
    const [retried, interrupted] = done!.recent_attempts;
    assert.equal(interrupted!.number, 1);
    assert.equal(interrupted!.status, 'interrupted');
    assert.equal(interrupted!.status_code, undefined);
    assert.equal(retried!.number, 2);
    assert.equal(retried!.status, 'completed');
    assert.equal(retried!.status_code, 200);
    assert.equal(receiver.withEventId(event.id).length, 2);
  });
});
