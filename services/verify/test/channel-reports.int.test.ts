import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { STREAMS, SUBJECTS } from '@otp/platform';
import { freePort } from '@otp/platform/launcher';
import { connectObserver, eventually } from '@otp/test/infra';
import { CHANNEL_STATUS_CONSUMER } from '../src/events/channel-status.js';
import { SENDER, VerifyWorld } from './verify-world.js';

// The channels' status reports as verify receives them. It follows the status of its own sends
// only: the status events of direct sends (POST /v1/messages/sms, POST /v1/messages/messenger) go
// to subjects its consumer never matches, so verify neither receives them nor looks each one up
// in its database. A report of its own send that comes while the start that made the send is
// still recording it waits for that start, instead of finding no attempt and being delivered
// again; what each report did is on verify's metrics (verify_channel_reports_total). End to end:
// gateway, verify, sms, messenger, billing, sandbox; real Postgres and NATS.

let world: VerifyWorld;
let nc: NatsConnection;
let jsm: JetStreamManager;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  world = await VerifyWorld.start({ METRICS_PORT: String(metricsPort) });
  nc = await connectObserver();
  jsm = await jetstreamManager(nc);
}, 120_000);

afterAll(async () => {
  await nc?.close();
  await world?.stop();
});

/** Messages verify's status consumer has been handed so far. */
async function handedToVerify(): Promise<number> {
  return (await jsm.consumers.info(STREAMS.events.name, CHANNEL_STATUS_CONSUMER)).delivered.consumer_seq;
}

/** verify_channel_reports_total of the messenger channel, by outcome, as verify serves it now. */
async function messengerReports(): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('verify_channel_reports_total{') || !line.includes('channel="messenger"')) continue;
    const outcome = /outcome="(\w+)"/.exec(line)?.[1];
    if (outcome) counts[outcome] = Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return counts;
}

/** The event types published on `subject` about `sid`. */
async function eventsOf(subject: string, sid: string): Promise<string[]> {
  const info = await jsm.streams.info(STREAMS.events.name);
  const types: string[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
    const message = await jsm.streams.getMessage(STREAMS.events.name, { seq }).catch(() => undefined);
    if (message?.subject !== subject) continue;
    const event = message.json<{ type: string; data: { sid: string } }>();
    if (event.data.sid === sid) types.push(event.type);
  }
  return types;
}

describe('channel status subjects', () => {
  it('direct sends publish their status where verify does not listen; verify still hears its own sends', async () => {
    const project = await world.project();
    // Whatever earlier starts of this suite's platform caused has been handed over before we count.
    const settled = await eventually(
      () => jsm.consumers.info(STREAMS.events.name, CHANNEL_STATUS_CONSUMER),
      (info) => info.num_pending === 0 && info.num_ack_pending === 0,
      { what: 'verify to have been handed every status event so far' },
    );
    const before = settled.delivered.consumer_seq;

    const sms = await project.api.post<{ sid: string }>('/messages/sms', {
      to: world.number('10'),
      from: SENDER,
      body: 'Your order has shipped.',
    });
    assert.equal(sms.status, 201, sms.text);
    const code = await project.api.post<{ sid: string }>('/messages/messenger', { to: world.number('11') });
    assert.equal(code.status, 201, code.text);

    // Both direct sends went out and published their status, on the direct subjects.
    const smsEvents = await eventually(
      () => eventsOf(SUBJECTS.smsDirectStatus, sms.body.sid),
      (types) => types.includes('sms.sent'),
      { what: `sms.sent of ${sms.body.sid} on ${SUBJECTS.smsDirectStatus}` },
    );
    const codeEvents = await eventually(
      () => eventsOf(SUBJECTS.messengerDirectStatus, code.body.sid),
      (types) => types.includes('messenger.delivered'),
      { what: `messenger.delivered of ${code.body.sid} on ${SUBJECTS.messengerDirectStatus}` },
    );
    assert.deepEqual(await eventsOf(SUBJECTS.smsStatus, sms.body.sid), []);
    assert.deepEqual(await eventsOf(SUBJECTS.messengerStatus, code.body.sid), []);
    assert.ok(smsEvents.length >= 1 && codeEvents.length >= 1);
    // None of them was handed to verify.
    assert.equal(await handedToVerify(), before);

    // A verification's own messenger send is reported to verify as before: it ends delivered.
    const verification = await world.start(project, world.number('12'));
    await eventually(
      () => world.get(project, verification.sid),
      (current) => current.attempts[0]?.status === 'delivered',
      { what: `the messenger attempt of ${verification.sid} to be delivered` },
    );
    assert.ok((await handedToVerify()) > before);
  }, 60_000);

  it('a report of a send its start is still recording waits for the start: none is delivered again', async () => {
    const project = await world.project();
    const before = await messengerReports();
    // Started at once, so the messenger's `sent` of each races the statement that records it.
    const starts = await Promise.all(Array.from({ length: 12 }, () => world.start(project, world.number('13'))));
    for (const { sid } of starts) {
      await eventually(
        () => world.get(project, sid),
        (current) => current.attempts[0]?.status === 'delivered',
        { what: `the messenger attempt of ${sid} to be delivered` },
      );
    }
    const after = await eventually(
      messengerReports,
      (counts) => (counts.applied ?? 0) - (before.applied ?? 0) >= starts.length,
      { what: 'the delivered reports to be counted' },
    );
    const grew = (outcome: string) => (after[outcome] ?? 0) - (before[outcome] ?? 0);
    // Each start's code: `sent` as the start recorded it (changes nothing), then `delivered`.
    assert.equal(grew('applied'), starts.length);
    assert.equal(grew('unchanged'), starts.length);
    assert.equal(grew('waiting'), 0);
  }, 60_000);
});
