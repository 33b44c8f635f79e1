import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, type PromiseClient } from '@otp/platform';
import { loadWebhooksProto, type WebhooksClient } from '@otp/proto';
import { eventually, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { Webhook } from 'standardwebhooks';
import { envelope, intakeDrained, Producer } from './events.js';
import { Receiver, type Received } from './receiver.js';

let platform: TestPlatform;
let webhooks: PromiseClient<WebhooksClient>;
let producer: Producer;
let receiver: Receiver;
let slow: Receiver;

const PROJECT = 'prj_webhooks';
const PER_HOST = 2;

async function deliveriesOf(projectId: string, status?: string) {
  return (await webhooks.ListDeliveries({ project_id: projectId, limit: 500, ...(status ? { status } : {}) }))
    .deliveries;
}

async function deliveryOf(projectId: string, eventId: string) {
  const found = await eventually(
    async () => (await deliveriesOf(projectId)).find((d) => d.event_id === eventId),
    (d) => d !== undefined,
    { what: `delivery of ${eventId}` },
  );
  return found!;
}

async function settled(projectId: string, eventId: string, status: 'succeeded' | 'failed') {
  return eventually(
    () => deliveryOf(projectId, eventId),
    (d) => d.status === status,
    { what: `delivery of ${eventId} ${status}`, timeoutMs: 20000 },
  );
}

async function currentSecrets(projectId: string): Promise<string[]> {
  return (await webhooks.GetSecrets({ project_id: projectId })).secrets.map((s) => s.secret);
}

function verified(secret: string, request: Received): unknown {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(request.body, headers);
}

describe('webhook delivery (real dispatcher, NATS, Postgres and HTTP receivers)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['webhook-dispatcher'],
      env: {
        'webhook-dispatcher': {
          RETRY_DELAY_SCALE: '0.001', // 5 ms, 30 ms, 120 ms, 600 ms, 1.8 s, ...
          ATTEMPT_TIMEOUT_MS: '20000',
          MAX_IN_FLIGHT_PER_HOST: String(PER_HOST),
          POLL_INTERVAL_MS: '50',
        },
      },
    });
    webhooks = createGrpcClient(
      loadWebhooksProto().otp.webhooks.v1.Webhooks,
      `127.0.0.1:${platform.ports.webhooks}`,
      10000,
    );
    producer = await Producer.connect();
    receiver = await Receiver.start();
    slow = await Receiver.start(() => 'hang');
  });
  afterAll(async () => {
    await producer?.close();
    webhooks?.close();
    await platform?.stop();
    await receiver?.close();
    await slow?.close();
  });

  it('delivers every event type once, signed so standardwebhooks verifies it, with metadata echoed', async () => {
    const types = [
      'verification.approved',
      'verification.expired',
      'verification.failed',
      'sms.sent',
      'sms.failed',
      'messenger.sent',
      'messenger.delivered',
      'messenger.read',
      'messenger.expired',
      'messenger.revoked',
      'messenger.failed',
    ];
    const events = types.map((type, i) =>
      envelope(type, PROJECT, {
        sid: `X${i}`,
        status: type.split('.')[1],
        metadata: { order: `A-${i}`, n: i, vip: i % 2 === 0 },
      }),
    );
    for (const event of events) await producer.emit(event, receiver.url('/all'));
    await eventually(
      async () => receiver.onPath('/all').length,
      (n) => n >= events.length,
      { what: 'every event' },
    );

    const [secret] = await currentSecrets(PROJECT);
    assert.match(secret!, /^whsec_/);
    for (const event of events) {
      const got = receiver.withEventId(event.id);
      assert.equal(got.length, 1, `${event.type} posted once`);
      assert.equal(got[0]!.headers['content-type'], 'application/json');
      const payload = verified(secret!, got[0]!) as typeof event;
      assert.deepEqual(payload, event);
      assert.deepEqual(payload.data.metadata, event.data.metadata);
    }
    const delivered = await eventually(
      () => deliveriesOf(PROJECT, 'succeeded'),
      (list) => list.length >= events.length,
    );
    assert.deepEqual(new Set(delivered.map((d) => d.event_type)), new Set(types));
  });

  it("one resource's later event waits for its earlier one's delivery to end: sms.delivered never before sms.sent", async () => {
    const sid = `SM${'0'.repeat(23)}1`;
    const sent = envelope('sms.sent', PROJECT, { sid, status: 'sent', metadata: {} });
    const delivered = envelope('sms.delivered', PROJECT, { sid, status: 'sent', metadata: {} });
    const other = envelope('sms.sent', PROJECT, { sid: `SM${'0'.repeat(23)}2`, status: 'sent', metadata: {} });
    // The endpoint fails sms.sent four times (retries 5 ms, 30 ms, 120 ms, 600 ms apart here).
    let failures = 0;
    const ordered = await Receiver.start((request) =>
      request.body.includes(sent.id) && failures++ < 4 ? { status: 500 } : { status: 200 },
    );
    try {
      await producer.emit(sent, ordered.url('/order'));
      await producer.emit(delivered, ordered.url('/order'));
      await producer.emit(other, ordered.url('/order'));
      await settled(PROJECT, delivered.id, 'succeeded');
      const posts = ordered.received.map((r) =>
        r.body.includes(sent.id) ? 'sent' : r.body.includes(delivered.id) ? 'delivered' : 'other',
      );
      const lastSent = posts.lastIndexOf('sent');
      assert.equal(posts.filter((p) => p === 'sent').length, 5, posts.join(','));
      assert.ok(posts.indexOf('delivered') > lastSent, `delivered posted after sent succeeded: ${posts.join(',')}`);
      // Another resource's event does not wait for this one.
      assert.ok(posts.indexOf('other') < lastSent, `another resource went meanwhile: ${posts.join(',')}`);
    } finally {
      await ordered.close();
    }
  });

  it('an event without a callback URL posts nothing', async () => {
    const silent = envelope('sms.sent', PROJECT, { sid: 'SILENT', metadata: {} });
    await producer.emit(silent, undefined);
    const marker = envelope('sms.sent', PROJECT, { sid: 'MARKER', metadata: {} });
    await producer.emit(marker, receiver.url('/marker'));
    await settled(PROJECT, marker.id, 'succeeded'); // events are consumed in order
    assert.equal(receiver.withEventId(silent.id).length, 0);
    assert.equal(
      (await deliveriesOf(PROJECT)).some((d) => d.event_id === silent.id),
      false,
    );
  });

  it('a receiver failing twice then recovering gets the event on the 3rd attempt', async () => {
    receiver.reply = (request, count) =>
      request.path === '/flaky' && count <= 2 ? { status: count === 1 ? 500 : 503, body: 'down' } : { status: 200 };
    const event = envelope('sms.sent', PROJECT, { sid: 'SMflaky', metadata: { try: 'flaky' } });
    await producer.emit(event, receiver.url('/flaky'));
    const delivery = await settled(PROJECT, event.id, 'succeeded');
    assert.equal(receiver.withEventId(event.id).length, 3);
    assert.equal(delivery.attempts, 3);
    assert.deepEqual(
      delivery.recent_attempts.map((a) => a.status_code),
      [200, 503, 500],
    );
    assert.deepEqual(
      delivery.recent_attempts.map((a) => a.response_snippet),
      ['', 'down', 'down'],
    );
    // Each attempt is signed afresh (its own timestamp) and verifies.
    const [secret] = await currentSecrets(PROJECT);
    for (const request of receiver.withEventId(event.id)) assert.doesNotThrow(() => verified(secret!, request));
  });

  it('a redelivered JetStream message produces no second POST', async () => {
    const event = envelope('messenger.delivered', PROJECT, { sid: 'TGdup', metadata: {} });
    await producer.emit(event, receiver.url('/dup'));
    await settled(PROJECT, event.id, 'succeeded');
    // The same event again under another message id (past the stream's dedup): a relay replaying.
    await producer.emit(event, receiver.url('/dup'), `${event.id}:again`);
    await intakeDrained('the duplicate consumed and acked');
    assert.equal(receiver.withEventId(event.id).length, 1);
    assert.equal((await deliveriesOf(PROJECT)).filter((d) => d.event_id === event.id).length, 1);
  });

  it('a 4xx ends the delivery as failed after one attempt, recording a size-capped body', async () => {
    receiver.reply = (request) =>
      request.path === '/gone' ? { status: 410, body: 'x'.repeat(5000) } : { status: 200 };
    const event = envelope('sms.failed', PROJECT, { sid: 'SMgone', metadata: {} });
    await producer.emit(event, receiver.url('/gone'));
    const delivery = await settled(PROJECT, event.id, 'failed');
    assert.equal(delivery.attempts, 1);
    assert.equal(delivery.last_status_code, 410);
    assert.equal(delivery.last_error, 'HTTP 410');
    assert.equal(delivery.recent_attempts[0]!.response_snippet, 'x'.repeat(1024));
    assert.equal(receiver.withEventId(event.id).length, 1);
    assert.ok((await deliveriesOf(PROJECT, 'failed')).some((d) => d.event_id === event.id));
    assert.ok(!(await deliveriesOf(PROJECT, 'succeeded')).some((d) => d.event_id === event.id));
  });

  it('a redirect is not followed and ends the delivery as failed', async () => {
    receiver.reply = (request) =>
      request.path === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 };
    const event = envelope('sms.sent', PROJECT, { sid: 'SMmoved', metadata: {} });
    await producer.emit(event, receiver.url('/moved'));
    const delivery = await settled(PROJECT, event.id, 'failed');
    assert.equal(delivery.last_error, 'HTTP 302: redirects are not followed');
    assert.equal(receiver.onPath('/elsewhere').length, 0);
  });

  it('a replay re-queues a failed delivery as a new attempt series', async () => {
    receiver.reply = (request) =>
      request.path === '/later' && receiver.onPath('/later').length === 1 ? { status: 400 } : { status: 200 };
    const event = envelope('verification.approved', PROJECT, { sid: 'VElater', metadata: {} });
    await producer.emit(event, receiver.url('/later'));
    const failed = await settled(PROJECT, event.id, 'failed');
    const replayed = await webhooks.ReplayDelivery({ project_id: PROJECT, delivery_id: failed.id });
    assert.equal(replayed.status, 'pending');
    const done = await settled(PROJECT, event.id, 'succeeded');
    assert.equal(done.attempts, 2);
    assert.deepEqual(
      done.recent_attempts.map((a) => [a.series, a.status_code]),
      [
        [1, 200],
        [0, 400],
      ],
    );
    await assert.rejects(
      webhooks.ReplayDelivery({ project_id: 'another-project', delivery_id: failed.id }),
      /DELIVERY_NOT_FOUND|no delivery/,
    );
  });

  it('after a rotation deliveries verify with the new and, for 24 h, the old secret', async () => {
    const project = 'prj_rotation';
    const [old] = await currentSecrets(project);
    const rotated = await webhooks.RotateSecret({ project_id: project });
    assert.equal(rotated.secrets.length, 2);
    const current = rotated.secrets.find((s) => !s.expires_at)!;
    const previous = rotated.secrets.find((s) => s.expires_at)!;
    assert.equal(previous.secret, old);
    const hours = (Date.parse(previous.expires_at!) - Date.now()) / 3_600_000;
    assert.ok(hours > 23.9 && hours <= 24, `old secret valid for ${hours} h`);
    const event = envelope('sms.sent', project, { sid: 'SMrot', metadata: {} });
    await producer.emit(event, receiver.url('/rotation'));
    await settled(project, event.id, 'succeeded');
    const [request] = receiver.withEventId(event.id);
    assert.doesNotThrow(() => verified(current.secret, request!));
    assert.doesNotThrow(() => verified(old!, request!));
  });

  it('a slow endpoint holds only its own slots: another endpoint is served meanwhile', async () => {
    const stuck = Array.from({ length: 5 }, (_, i) =>
      envelope('messenger.sent', PROJECT, { sid: `TGslow${i}`, metadata: {} }),
    );
    for (const event of stuck) await producer.emit(event, slow.url('/slow'));
    await eventually(
      async () => slow.hanging.length,
      (n) => n === PER_HOST,
      { what: 'the slow endpoint holding its slots' },
    );
    const quick = envelope('messenger.read', PROJECT, { sid: 'TGquick', metadata: {} });
    await producer.emit(quick, receiver.url('/quick'));
    await settled(PROJECT, quick.id, 'succeeded');
    // Still stuck, and never more than the per-endpoint limit at once.
    assert.equal(slow.hanging.length, PER_HOST);
    assert.equal(slow.maxConcurrent, PER_HOST);
    slow.reply = () => ({ status: 200 });
    slow.release();
    for (const event of stuck) await settled(PROJECT, event.id, 'succeeded');
    assert.equal(slow.maxConcurrent, PER_HOST);
  });

  it('rejects an unknown status filter', async () => {
    await assert.rejects(
      webhooks.ListDeliveries({ project_id: PROJECT, status: 'bogus', limit: 10 }),
      /INVALID_ARGUMENT|status must be/,
    );
  });
});
