import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, type PromiseClient } from '@otp/platform';
import { loadWebhooksProto, type WebhooksClient } from '@otp/proto';
import { eventually, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { envelope, Producer } from './events.js';
import { Receiver } from './receiver.js';

// With private targets not allowed (the production default), nothing reaches a loopback,
// private or link-local address, whether the URL names it directly or a host name resolves to it
// when the dispatcher connects (the gateway's request-time check cannot see DNS changing later).

let platform: TestPlatform;
let webhooks: PromiseClient<WebhooksClient>;
let producer: Producer;
let receiver: Receiver;

const PROJECT = 'prj_refusal';

describe('webhook targets refused at connect time (ALLOW_PRIVATE_TARGETS=false)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['webhook-dispatcher'],
      env: {
        'webhook-dispatcher': {
          ALLOW_PRIVATE_TARGETS: 'false',
          RETRY_DELAY_SCALE: '0.001',
          ATTEMPT_TIMEOUT_MS: '3000',
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
  });
  afterAll(async () => {
    await producer?.close();
    webhooks?.close();
    await platform?.stop();
    await receiver?.close();
  });

  const targets: [string, () => string][] = [
    ['IPv4 loopback literal', () => receiver.url('/loopback')],
    ['a host name resolving to loopback when connecting (localhost)', () => receiver.url('/by-name', 'localhost')],
    ['IPv6 loopback literal', () => receiver.url('/v6', '[::1]')],
    ['IPv4-mapped IPv6 loopback', () => receiver.url('/mapped', '[::ffff:127.0.0.1]')],
    ['the cloud metadata service (link-local)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private 10/8 address', () => 'http://10.0.0.1/hook'],
    ['a private 192.168/16 address', () => 'http://192.168.1.20:8080/hook'],
    ['an IPv6 unique-local address', () => 'http://[fd00::1]/hook'],
  ];

  for (const [what, url] of targets) {
    it(`refuses ${what}`, async () => {
      const event = envelope('sms.sent', PROJECT, { sid: what, metadata: {} });
      await producer.emit(event, url());
      const delivery = await eventually(
        async () =>
          (await webhooks.ListDeliveries({ project_id: PROJECT, limit: 100 })).deliveries.find(
            (d) => d.event_id === event.id,
          ),
        (d) => d?.status === 'failed',
        { what: `${what} refused` },
      );
      assert.equal(delivery!.attempts, 1, 'a refused target is not retried');
      assert.match(delivery!.last_error ?? '', /^target address not allowed: /);
      assert.equal(delivery!.recent_attempts[0]!.status_code, undefined);
      assert.equal(receiver.withEventId(event.id).length, 0);
    });
  }

  it('stores a delivery with a non-http callback URL as failed without any attempt', async () => {
    const event = envelope('sms.sent', PROJECT, { sid: 'ftp', metadata: {} });
    await producer.emit(event, 'ftp://files.example.com/upload');
    const delivery = await eventually(
      async () =>
        (await webhooks.ListDeliveries({ project_id: PROJECT, status: 'failed', limit: 100 })).deliveries.find(
          (d) => d.event_id === event.id,
        ),
      (d) => d !== undefined,
    );
    assert.equal(delivery!.attempts, 0);
    assert.equal(delivery!.last_error, 'callback URL must be an http or https URL');
  });

  it('nothing was ever posted to the local receiver', () => {
    assert.equal(receiver.received.length, 0);
  });
});
