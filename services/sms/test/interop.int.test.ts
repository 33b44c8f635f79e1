import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { freePort } from '@otp/platform/launcher';
import { eventually, scrapedSum, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';
import { startSmsc, type Smsc } from './interop/smsc.js';
import { finalSms, readSms } from './sms-reads.js';

// Interoperability with a third-party SMSC: Debian's Net::SMPP (libnet-smpp-perl) plays the
// carriers (test/interop/smsc.pl), answering as real carriers do and misbehaving as some do, one
// destination ending at a time. Each case counts what the SMSC took (`copy` in its submit lines):
// no destination ever gets more than two copies of a message, and every receipt lands on its own
// message or on none.
//
// Carriers (one SMSC, told apart by system_id): alpha, a transceiver answering in hex and writing
// receipts' text in decimal; beta, a transmitter+receiver pair, the next carrier of the default
// route; gamma, an IA5 carrier; delta, whose enquire_link is never answered. The rules below are
// the carriers' misbehaviour, keyed by the destination's last digits.

interface Sms {
  sid: string;
  status: string;
  sms_segments: number;
  cost: string;
  carrier: string | null;
  last_error?: string;
  delivery_status: string | null;
  delivered_at: string | null;
  processed_at: string | null;
  date_created: string;
}

interface CarrierView {
  name: string;
  health: string;
  last_error: string | null;
  binds: { bound: boolean; window: number; tps: number; throttles: number }[];
}

const RULES = [
  { ending: '0001', system_id: 'alpha', action: 'empty_id' },
  { ending: '0002', system_id: 'alpha', receipt: 'malformed_first' },
  { ending: '0003', system_id: 'alpha', action: 'no_answer' },
  { ending: '0004', action: 'no_answer' },
  { ending: '0005', system_id: 'alpha', action: 'late', delay_ms: 1300 },
  { ending: '0006', system_id: 'alpha', fixed_id: '1000', tlvs: 0, state: 'DELIVRD', receipt_after_ms: 1500 },
  { ending: '0007', system_id: 'alpha', fixed_id: '4096', tlvs: 0, state: 'UNDELIV', receipt_after_ms: 2500 },
  { ending: '0009', system_id: 'alpha', receipt: 'unknown_first' },
  { ending: '0010', system_id: 'alpha', fixed_id: '7777', receipt: 'none' },
  { ending: '0011', system_id: 'alpha', fixed_id: '7777', receipt_after_ms: 200 },
  { ending: '0012', system_id: 'alpha', action: 'throttle', times: 7 },
  { ending: '0013', system_id: 'alpha', receipt: 'tlv_without_nul', state: 'UNDELIV' },
  { ending: '0014', system_id: 'alpha', receipt: 'data_sm', state: 'DELIVRD' },
  { ending: '0017', system_id: 'alpha', action: 'garbage' },
];

/** A default-route number (alpha, then beta) ending in `ending`. */
const number = (ending: string) => `+44770012${ending}`;
/** Routed to alpha alone. */
const alphaOnly = (ending: string) => `+44770013${ending}`;
/** Routed to gamma (IA5) alone. */
const IA5_NUMBER = '+447700140016';

let platform: TestPlatform;
let project: TestProject;
let smsc: Smsc;
let events: Smsc['events'] = [];
let metricsPort: number;
const smsLog: string[] = [];

const submits = (to: string) => smsc.submits(to);
const copies = (to: string) => submits(to).filter((e) => e.copy === 1);

async function send(to: string, body: string): Promise<Sms> {
  const sent = await project.api.post<Sms>('/messages/sms', { to, body, from: 'Interop' });
  assert.equal(sent.status, 201, sent.text);
  return sent.body;
}

const read = (sid: string, done: (sms: Sms) => boolean, what: string) => readSms<Sms>(project, sid, done, what);
const final = (sid: string) => finalSms<Sms>(project, sid);
const settled = (sid: string) => read(sid, (s) => s.delivery_status !== null, `the receipt of ${sid}`);

async function carrierView(name: string): Promise<CarrierView> {
  const response = await platform.admin.get<{ carriers: CarrierView[] }>('/carriers');
  assert.equal(response.status, 200, response.text);
  const found = response.body.carriers.find((c) => c.name === name);
  assert.ok(found, `carrier ${name} listed`);
  return found;
}

async function ready(name: string): Promise<void> {
  await eventually(
    () => carrierView(name),
    (c) => c.health === 'ready',
    { what: `${name} ready` },
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('interoperability with a Net::SMPP SMSC', () => {
  beforeAll(async () => {
    smsc = await startSmsc({ rules: RULES, text_ids: { alpha: 'decimal' }, mute_enquire_link: ['delta'] });
    events = smsc.events;
    const { port } = smsc;
    metricsPort = await freePort();
    const carrier = (name: string, more: Record<string, unknown> = {}) => ({
      name,
      host: '127.0.0.1',
      port,
      system_id: name,
      password: 'x',
      id_format: 'hex',
      submit_timeout_ms: 1000,
      reconnect_ms: 100,
      // A carrier left degraded by an unanswered submit is ready again at its next answered enquire_link.
      enquire_link_ms: 500,
      ...more,
    });
    const file = path.join(tmpdir(), `carriers-interop-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        carriers: [
          carrier('alpha', { receipt_text_id_format: 'decimal' }),
          carrier('beta', { bind_type: 'transmitter_receiver' }),
          carrier('gamma', { data_coding: 1 }),
          carrier('delta', { enquire_link_ms: 300, submit_timeout_ms: 400 }),
        ],
        routes: [
          { prefix: '44770013', carriers: [{ carrier: 'alpha', cost: '0.001' }] },
          { prefix: '44770014', carriers: [{ carrier: 'gamma', cost: '0.001' }] },
          { prefix: '44770015', carriers: [{ carrier: 'delta', cost: '0.001' }] },
          {
            carriers: [
              { carrier: 'alpha', cost: '0.001' },
              { carrier: 'beta', cost: '0.002' },
            ],
          },
        ],
      }),
    );
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      env: {
        sms: {
          METRICS_PORT: String(metricsPort),
          SMS_CARRIERS_FILE: file,
          SMS_RETRY_BASE_MS: '100',
          SMS_THROTTLE_RETRY_MS: '50',
          SMS_RECEIPT_PASS_MS: '200',
          LOG_LEVEL: 'warn',
        },
      },
      onLine: (name, line) => {
        if (name.startsWith('sms')) smsLog.push(line);
      },
    });
    project = await platform.newProject({ credit: '5.00', abuseLimits: 'off' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Interop', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Interop/approve`);
    for (const name of ['alpha', 'beta', 'gamma']) await ready(name);
  });
  afterAll(async () => {
    await platform?.stop();
    smsc?.stop();
  });

  it('binds as SMPP 3.4 (beta as a transmitter and a receiver) and hands over 40 emoji as parts each valid UTF-16 on its own', async () => {
    const to = '+447700123456';
    const sent = await send(to, '\u{1F600}'.repeat(40));
    assert.equal(sent.sms_segments, 2);
    const done = await final(sent.sid);
    assert.equal(done.status, 'sent');
    assert.equal(done.carrier, 'alpha');
    assert.ok(events.some((e) => e.event === 'bind' && e.interface_version === 0x34 && e.role === 'transceiver'));
    const beta = events.filter((e) => e.event === 'bind' && e.system_id === 'beta').map((e) => e.role);
    assert.ok(beta.includes('transmitter') && beta.includes('receiver'), JSON.stringify(beta));
    const parts = submits(to);
    assert.equal(parts.length, 2);
    for (const part of parts) {
      assert.equal(part.data_coding, 8);
      assert.equal(part.well_formed, true, `part ${part.sequence} decodes strictly`);
      assert.equal(part.total, 2);
    }
    assert.deepEqual(
      parts.map((p) => p.units),
      [66, 14],
    );
  });

  it('0x00 with an empty message_id: sent once, never submitted again', async () => {
    const to = number('0001');
    const done = await final((await send(to, 'accepted without an id')).sid);
    assert.equal(done.status, 'sent', done.last_error);
    assert.equal(done.cost, '0.05');
    await pause(1500);
    assert.equal(submits(to).length, 1, 'one submit, however long we wait');
    assert.equal((await read(done.sid, () => true, 'the message')).status, 'sent');
  });

  it('a malformed deliver_sm gets generic_nack; the session goes on and the next receipt settles', async () => {
    const to = number('0002');
    const binds = events.filter((e) => e.event === 'bind' && e.system_id === 'alpha').length;
    const done = await settled((await send(to, 'receipt after garbage')).sid);
    assert.equal(done.delivery_status, 'delivered');
    const malformed = events.find((e) => e.event === 'sent_malformed');
    assert.ok(malformed);
    assert.ok(
      events.some(
        (e) => e.event === 'resp' && e.command === 'generic_nack' && e.seq === malformed.seq && e.status === 0xc2,
      ),
      'generic_nack (ESME_RINVPARLEN) for the malformed PDU',
    );
    assert.equal(copies(to).length, 1);
    // Still the same session: the next message goes without a new bind.
    assert.equal((await final((await send(number('0020'), 'next')).sid)).status, 'sent');
    assert.equal(events.filter((e) => e.event === 'bind' && e.system_id === 'alpha').length, binds);
  });

  it('a request of an unknown command gets generic_nack; data_sm receipts get data_sm_resp and settle', async () => {
    const unknown = await settled((await send(number('0009'), 'unknown command first')).sid);
    assert.equal(unknown.delivery_status, 'delivered');
    const sent = events.find((e) => e.event === 'sent_unknown');
    assert.ok(sent);
    assert.ok(
      events.some((e) => e.event === 'resp' && e.command === 'generic_nack' && e.seq === sent.seq && e.status === 3),
    );
    const viaDataSm = await settled((await send(number('0014'), 'a data_sm receipt')).sid);
    assert.equal(viaDataSm.delivery_status, 'delivered');
    const receipt = events.find((e) => e.event === 'receipt' && e.via === 'data_sm');
    assert.ok(receipt);
    assert.ok(
      events.some((e) => e.event === 'resp' && e.command === 'data_sm_resp' && e.seq === receipt.seq && e.status === 0),
    );
  });

  it('receipted_message_id without its NUL: the TLV after it is still read, and the receipt matches', async () => {
    const done = await settled((await send(number('0013'), 'tlv without nul')).sid);
    assert.equal(done.delivery_status, 'undelivered');
  });

  it('a submit with no answer resets the session and goes to the next carrier: two copies at most', async () => {
    await ready('alpha');
    const to = number('0003');
    const done = await final((await send(to, 'no answer from alpha')).sid);
    assert.deepEqual(
      copies(to).map((e) => e.system_id),
      ['alpha', 'beta'],
    );
    assert.equal(done.status, 'sent', done.last_error);
    assert.equal(done.carrier, 'beta');
    assert.ok(
      events.some((e) => e.event === 'unbind' && e.system_id === 'alpha'),
      'alpha was unbound at once',
    );
    const resets = { carrier: 'alpha', reason: 'answer_timeout' };
    assert.ok(
      (await scrapedSum(metricsPort, 'sms_carrier_session_resets_total', resets)) >= 1,
      'counted on the metrics',
    );
    // beta's receipt comes on its receiver session.
    assert.equal((await settled(done.sid)).delivery_status, 'delivered');
  });

  it('no answer from either carrier: failed and refunded after two copies, never a third', async () => {
    await ready('alpha');
    const to = number('0004');
    const done = await final((await send(to, 'no answer anywhere')).sid);
    await pause(1000);
    assert.equal(copies(to).length, 2);
    assert.equal(done.status, 'failed');
    assert.equal(done.cost, '0.00');
    assert.match(done.last_error ?? '', /never gets more than two copies/);
  });

  it('a late answer (after the timeout, before the unbind_resp) still records the id: its receipt matches', async () => {
    await ready('alpha');
    const to = number('0005');
    const done = await settled((await send(to, 'late answer')).sid);
    assert.equal(done.status, 'sent');
    assert.equal(done.carrier, 'alpha');
    assert.equal(done.delivery_status, 'delivered');
    assert.equal(copies(to).length, 1);
  });

  it('ids in their declared format: 1000 (hex) and 4096 (hex) each get their own receipt', async () => {
    await ready('alpha');
    // alpha writes receipts' text in decimal: 0x1000 is "4096", 0x4096 is "16534". Read both ways,
    // "4096" also names the message whose id is 4096, which still waits for its own receipt when
    // the receipt of the first one comes.
    const first = await final((await send(number('0006'), 'id 1000')).sid);
    const second = await send(number('0007'), 'id 4096');
    assert.equal((await settled(first.sid)).delivery_status, 'delivered');
    assert.equal((await settled(second.sid)).delivery_status, 'undelivered');
  });

  it('a receipt for an id two messages hold changes neither; it is logged', async () => {
    const first = await final((await send(number('0010'), 'id 7777, once')).sid);
    const second = await final((await send(number('0011'), 'id 7777, again')).sid);
    await eventually(
      () => Promise.resolve(smsLog.filter((line) => line.includes('ambiguous'))),
      (lines) => lines.length > 0,
      { what: 'the ambiguous receipt logged' },
    );
    await pause(500);
    for (const sms of [first, second]) {
      assert.equal((await read(sms.sid, () => true, sms.sid)).delivery_status, null);
    }
  });

  it('one number throttled: it backs off alone, every refusal counted, the bind keeps its pace', async () => {
    await ready('alpha');
    const to = alphaOnly('0012');
    const throttled = await send(to, 'throttled number');
    const others = await Promise.all(Array.from({ length: 8 }, (_, i) => send(alphaOnly(`02${i}0`), `other ${i}`)));
    for (const other of others) assert.equal((await final(other.sid)).status, 'sent');
    const done = await final(throttled.sid);
    assert.equal(done.status, 'sent', done.last_error);
    assert.equal(submits(to).filter((e) => e.status === 0x58).length, 7);
    const listed = await platform.admin.get<{ messages: { sid: string; attempts: number }[] }>(
      `/projects/${project.id}/sms?limit=100`,
    );
    assert.equal(listed.body.messages.find((m) => m.sid === throttled.sid)?.attempts, 8, 'every refusal an attempt');
    const alpha = await carrierView('alpha');
    assert.ok(
      alpha.binds.every((b) => b.window === 10 && b.tps === 100),
      `one number never slows the bind: ${JSON.stringify(alpha.binds)}`,
    );
    assert.ok(alpha.binds.some((b) => b.throttles >= 7));
  });

  it('100 ASCII characters with { and [ are billed one segment and go as one: GSM 7-bit with escapes, or IA5', async () => {
    const body = `Order {A-17} [paid]: ${'x'.repeat(79)}`;
    assert.equal(body.length, 100);
    const gsm = await send(number('0016'), body);
    const ia5 = await send(IA5_NUMBER, body);
    for (const sms of [gsm, ia5]) {
      assert.equal(sms.sms_segments, 1);
      assert.equal(sms.cost, '0.05');
      assert.equal((await final(sms.sid)).status, 'sent');
    }
    const [onGsm] = submits(number('0016'));
    assert.equal(submits(number('0016')).length, 1);
    assert.equal(onGsm?.data_coding, 0);
    assert.equal(onGsm?.escapes, 4);
    assert.equal(onGsm?.octets, 104);
    assert.equal(onGsm?.text, body);
    const [onIa5] = submits(IA5_NUMBER);
    assert.equal(submits(IA5_NUMBER).length, 1);
    assert.equal(onIa5?.data_coding, 1);
    assert.equal(onIa5?.octets, 100);
    assert.equal(onIa5?.text, body);
  });

  it('bytes no SMPP reader can frame reset the session at once, and the answer before them still counts', async () => {
    await ready('alpha');
    const to = number('0017');
    const done = await final((await send(to, 'garbage after the answer')).sid);
    assert.equal(done.status, 'sent');
    assert.equal(done.carrier, 'alpha');
    assert.equal(copies(to).length, 1);
    // A new session at once (reconnect_ms 100), not after a keep-alive went unanswered.
    const garbage = copies(to)[0]!.at;
    const rebound = await eventually(
      () => Promise.resolve(events.find((e) => e.event === 'bind' && e.system_id === 'alpha' && e.at > garbage)),
      (bind) => bind !== undefined,
      { what: 'alpha bound again' },
    );
    assert.ok(rebound!.at - garbage < 450, `bound again ${rebound!.at - garbage} ms after the garbage`);
    assert.ok(smsLog.some((line) => line.includes('cannot be read')));
  });

  it('an unanswered enquire_link makes the carrier degraded, the session reset and logged, the error kept', async () => {
    const delta = await eventually(
      () => carrierView('delta'),
      (c) => c.health === 'degraded',
      { what: 'delta degraded' },
    );
    assert.match(delta.last_error ?? '', /enquire_link/);
    assert.ok(events.some((e) => e.event === 'unbind' && e.system_id === 'delta'));
    assert.ok(smsLog.some((line) => line.includes('session reset') && line.includes('enquire_link')));
    const resets = { carrier: 'delta', reason: 'enquire_link_timeout' };
    assert.ok(
      (await scrapedSum(metricsPort, 'sms_carrier_session_resets_total', resets)) >= 1,
      'counted on the metrics',
    );
  });

  it('timestamps never go backwards: delivered_at is never before date_created or processed_at', async () => {
    const listed = await platform.admin.get<{ messages: Sms[] }>(`/projects/${project.id}/sms?limit=100`);
    const delivered = listed.body.messages.filter((m) => m.delivered_at !== null);
    assert.ok(delivered.length >= 5);
    for (const sms of delivered) {
      assert.ok(sms.delivered_at! >= sms.date_created, `${sms.sid}: ${sms.delivered_at} < ${sms.date_created}`);
      assert.ok(sms.delivered_at! >= sms.processed_at!, `${sms.sid}: ${sms.delivered_at} < ${sms.processed_at}`);
    }
  });
});
