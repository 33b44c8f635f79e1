import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { busConnectOptions, CALLBACK_URL_HEADER, publish, STREAMS, SUBJECTS, type EventEnvelope } from '@otp/platform';
import { freePort } from '@otp/platform/launcher';
import {
  connectObserver,
  eventually,
  startPrivateNats,
  startTestPlatform,
  usePlatformNats,
  type PrivateNats,
  type TestPlatform,
} from '@otp/test/infra';
import { envelope, intakeDrained } from './events.js';
import { Receiver } from './receiver.js';

// A rogue NATS client must not get the platform to sign and post a webhook (docs/security.md,
// "NATS users"): with a user per part, a client without credentials is refused, and one holding
// another part's credentials can neither publish an event it does not own nor pass one off on its
// own subject. The last block runs the same forgery against a NATS without users, where it is
// posted: the users, not anything else in the setup, are what stop it.

const PROJECT = 'prj_rogue';
const FAST = { RETRY_DELAY_SCALE: '0.001', POLL_INTERVAL_MS: '50' };

/** An `sms.sent` for PROJECT, as sms would publish it. */
function forgedSmsSent(): EventEnvelope<Record<string, unknown>> {
  return envelope('sms.sent', PROJECT, { sid: `SM${randomUUID().replace(/-/g, '')}`, status: 'sent' });
}

/** Publishes `event` on `subject` through JetStream with a webhook target, as an outbox relay does. */
function emit(nc: NatsConnection, subject: string, event: EventEnvelope, target: string): Promise<void> {
  return publish(jetstream(nc), subject, JSON.stringify(event), {
    msgId: event.id,
    headers: { [CALLBACK_URL_HEADER]: target },
    timeoutMs: 2000,
  });
}

/** Whether any message of the EVENTS stream is `eventId`. */
async function stored(eventId: string): Promise<boolean> {
  const nc = await connectObserver();
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(STREAMS.events.name);
    for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq++) {
      const message = await jsm.streams.getMessage(STREAMS.events.name, { seq }).catch(() => undefined);
      if (message?.json<EventEnvelope>().id === eventId) return true;
    }
    return false;
  } finally {
    await nc.close();
  }
}

describe('a NATS user per part (the platform as it runs)', () => {
  let nats: PrivateNats;
  let restore: () => void;
  let platform: TestPlatform;
  let receiver: Receiver;
  let metricsPort: number;
  /** Connected as guard, with guard's credentials and inbox, exactly as the guard part connects. */
  let asGuard: NatsConnection;

  beforeAll(async () => {
    nats = await startPrivateNats();
    restore = usePlatformNats(nats);
    metricsPort = await freePort();
    platform = await startTestPlatform({
      only: ['webhook-dispatcher'],
      env: { 'webhook-dispatcher': { ...FAST, METRICS_PORT: String(metricsPort) } },
    });
    receiver = await Receiver.start();
    const guard = nats.users.guard!;
    asGuard = await connect(busConnectOptions({ url: nats.url, ...guard }, 'guard'));
  });
  afterAll(async () => {
    await asGuard?.close();
    await platform?.stop();
    await receiver?.close();
    await nats?.dispose();
    restore?.();
  });

  it('refuses a client without credentials, or with a wrong password', async () => {
    await assert.rejects(connect({ servers: nats.url, reconnect: false }), /authorization/i);
    await assert.rejects(
      connect({ servers: nats.url, user: 'sms', pass: 'not-its-password', reconnect: false }),
      /authorization/i,
    );
  });

  it("with guard's credentials, sms.sent on sms's subject is a permission violation: stored nowhere, posted nowhere", async () => {
    const refusals: string[] = [];
    void (async () => {
      for await (const status of asGuard.status()) if (status.type === 'error') refusals.push(status.error.message);
    })();
    const event = forgedSmsSent();
    await assert.rejects(emit(asGuard, SUBJECTS.smsStatus, event, receiver.url('/stolen')));
    await eventually(
      async () => refusals,
      (seen) => seen.some((message) => /permissions violation for publish to "events\.sms\.status"/i.test(message)),
      { what: 'the permission violation' },
    );
    // Nor may guard re-route a stream (a republish onto sms's subject) or read the dispatcher's consumer.
    const jsm = await jetstreamManager(asGuard);
    await assert.rejects(
      jsm.streams.update(STREAMS.events.name, {
        republish: { src: SUBJECTS.fraudBlocks, dest: SUBJECTS.smsStatus, headers_only: false },
      }),
    );
    await assert.rejects(jsm.consumers.info(STREAMS.events.name, 'webhook-dispatcher'));

    await intakeDrained('the intake after the forgery');
    assert.equal(await stored(event.id), false, 'the forged event reached the stream');
    assert.deepEqual(receiver.withEventId(event.id), [], 'the forged event was posted');
  });

  it("on guard's own subject, an event of another part's type is acknowledged and dropped; guard's own type is posted", async () => {
    const forged = forgedSmsSent();
    const own = envelope('fraud.prefix_blocked', PROJECT, { prefix: '+4477', reason: 'pumping', mode: 'block' });
    // NATS lets guard publish both: events.fraud.blocks is guard's.
    await emit(asGuard, SUBJECTS.fraudBlocks, forged, receiver.url('/forged'));
    await emit(asGuard, SUBJECTS.fraudBlocks, own, receiver.url('/own'));

    await eventually(
      async () => receiver.withEventId(own.id).length,
      (count) => count === 1,
      { what: "guard's own event posted" },
    );
    await intakeDrained('the intake after both events');
    assert.equal(await stored(forged.id), true, 'guard may publish on its subject');
    assert.deepEqual(receiver.withEventId(forged.id), [], 'an sms.sent from guard was posted');
    const dispatcher = platform.services.get('webhook-dispatcher')!;
    assert.ok(
      dispatcher.lines.some((line) => line.includes('not published by its owner') && line.includes(forged.type)),
      'the drop is logged',
    );
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    assert.match(metrics, /webhook_refused_events_total\{[^}]*reason="not_owner"[^}]*\} 1\b/);
  });
});

describe('protection off: the same forgery against a NATS without users', () => {
  let nats: PrivateNats;
  let restore: () => void;
  let platform: TestPlatform;
  let receiver: Receiver;

  beforeAll(async () => {
    nats = await startPrivateNats({ users: false });
    restore = usePlatformNats(nats);
    platform = await startTestPlatform({ only: ['webhook-dispatcher'], env: { 'webhook-dispatcher': FAST } });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await platform?.stop();
    await receiver?.close();
    await nats?.dispose();
    restore?.();
  });

  it('anyone who reaches NATS gets an sms.sent of any project signed and posted where they like', async () => {
    const rogue = await connect({ servers: nats.url });
    try {
      const event = forgedSmsSent();
      await emit(rogue, SUBJECTS.smsStatus, event, receiver.url('/stolen'));
      const posted = await eventually(
        async () => receiver.withEventId(event.id),
        (requests) => requests.length === 1,
        { what: 'the forged event posted' },
      );
      assert.equal(posted[0]!.path, '/stolen');
      assert.ok(posted[0]!.headers['webhook-signature'], "signed with the project's secret");
    } finally {
      await rogue.close();
    }
  });
});
