import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startSmsc, type Smsc, type SmscEvent } from '../../services/sms/test/interop/smsc.js';
import { eventually, startTestPlatform, type TestPlatform, type TestProject } from '../infra/index.js';

// Carrier faults (`npm run chaos -- smpp`): the Net::SMPP SMSC of the interoperability suite,
// behind two carriers (alpha a transceiver, beta a transmitter+receiver pair), drops connections,
// leaves submits unanswered, answers late, writes bytes no reader can frame, throttles, answers
// 0x00 without an id, sends malformed receipts and receipts as data_sm, at seeded random for every
// submit. Counting copies at the SMSC: no message reaches its destination more than twice, every
// message ends (sent, or failed and refunded), and every receipt lands on its own message (the
// SMSC's receipt says UNDELIV for a text with "odd" in it, DELIVRD otherwise: a receipt settled on
// another message would show the wrong one).
//
// SMPP_CHAOS_SEED=<n> replays a run (the seed is printed).

const SEED = Number(process.env.SMPP_CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MESSAGES = 60;
const FAULTS = {
  drop: 0.04,
  no_answer: 0.06,
  late: 0.08,
  garbage: 0.04,
  throttle: 0.1,
  empty_id: 0.04,
  malformed_receipt: 0.1,
  data_sm: 0.2,
  // Past the carriers' submit_timeout_ms: answered while the reset session unbinds.
  delay_ms: 900,
};

interface Sms {
  sid: string;
  to: string;
  body: string;
  status: string;
  cost: string;
  delivery_status: string | null;
}

let smsc: Smsc;
let platform: TestPlatform;
let project: TestProject;

/** Ten destinations, several messages each: a copy counts per destination and text. */
const destination = (index: number) => `+44770012${String(5000 + (index % 10)).padStart(4, '0')}`;
const textOf = (index: number) => `chaos ${SEED} message ${index} ${index % 2 === 1 ? 'odd' : 'even'}`;

describe(`chaos: carrier faults against a Net::SMPP SMSC (SMPP_CHAOS_SEED=${SEED})`, () => {
  beforeAll(async () => {
    process.stdout.write(`smpp chaos seed ${SEED} (rerun with SMPP_CHAOS_SEED=${SEED})\n`);
    smsc = await startSmsc({ chaos: { seed: SEED, ...FAULTS }, text_ids: { alpha: 'decimal' } });
    const carrier = (name: string, more: Record<string, unknown>) => ({
      name,
      host: '127.0.0.1',
      port: smsc.port,
      system_id: name,
      password: 'x',
      id_format: 'hex',
      submit_timeout_ms: 700,
      enquire_link_ms: 500,
      reconnect_ms: 100,
      ...more,
    });
    const file = path.join(tmpdir(), `carriers-smpp-chaos-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        carriers: [
          carrier('alpha', { binds: 2, receipt_text_id_format: 'decimal' }),
          carrier('beta', { bind_type: 'transmitter_receiver' }),
        ],
        routes: [
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
          SMS_CARRIERS_FILE: file,
          SMS_RETRY_BASE_MS: '100',
          SMS_THROTTLE_RETRY_MS: '50',
          SMS_RECEIPT_PASS_MS: '200',
          SMS_MAX_AGE_MS: '30000',
        },
      },
    });
    project = await platform.newProject({ credit: '20.00', abuseLimits: 'off' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Chaos', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Chaos/approve`);
  });
  afterAll(async () => {
    await platform?.stop();
    smsc?.stop();
  });

  it('no destination gets more than two copies; every message ends; every receipt lands on its own message', async () => {
    const sids = await Promise.all(
      Array.from({ length: MESSAGES }, async (_, index) => {
        const sent = await project.api.post<Sms>('/messages/sms', {
          to: destination(index),
          body: textOf(index),
          from: 'Chaos',
        });
        assert.equal(sent.status, 201, sent.text);
        return sent.body.sid;
      }),
    );
    const read = (sid: string) => project.api.get<Sms>(`/messages/sms/${sid}`).then((r) => r.body);
    const ended = await eventually(
      () => Promise.all(sids.map(read)),
      (all) => all.every((sms) => sms.status === 'sent' || sms.status === 'failed'),
      { what: 'every message to end', timeoutMs: 60_000 },
    );

    // Copies per destination and text, as the SMSC took them (answered or not).
    const taken = new Map<string, SmscEvent[]>();
    for (const event of smsc.events) {
      if (event.event !== 'submit' || event.copy !== 1) continue;
      const key = `+${event.to} ${event.text}`;
      taken.set(key, [...(taken.get(key) ?? []), event]);
    }
    const overCopied = [...taken].filter(([, copies]) => copies.length > 2).map(([key, c]) => `${key}: ${c.length}`);
    assert.deepEqual(overCopied, [], `seed ${SEED}: more than two copies`);

    for (const sms of ended) {
      if (sms.status === 'failed') assert.equal(sms.cost, '0.00', `${sms.sid} failed and was refunded`);
    }

    // A sent message one of whose copies the SMSC sent a receipt for gets its delivery status.
    const receiptIds = new Set(smsc.events.filter((e) => e.event === 'receipt').map((e) => `${e.system_id} ${e.id}`));
    const expectReceipt = ended.filter(
      (sms) =>
        sms.status === 'sent' &&
        (taken.get(`${sms.to} ${sms.body}`) ?? []).some((copy) =>
          receiptIds.has(`${copy.system_id} ${copy.message_id}`),
        ),
    );
    const settled = await eventually(
      () => Promise.all(ended.map((sms) => read(sms.sid))),
      (all) => expectReceipt.every((sms) => all.find((s) => s.sid === sms.sid)?.delivery_status !== null),
      { what: 'the receipts to settle their messages', timeoutMs: 20_000 },
    );
    const misfiled = settled
      .filter((sms) => sms.delivery_status !== null)
      .filter((sms) => sms.delivery_status !== (sms.body.endsWith('odd') ? 'undelivered' : 'delivered'))
      .map((sms) => `${sms.sid} (${sms.body}): ${sms.delivery_status}`);
    assert.deepEqual(misfiled, [], `seed ${SEED}: receipts on the wrong message`);
    const faults = smsc.events.filter((e) => e.event === 'submit' && e.action !== 'accept').length;
    process.stdout.write(
      `smpp chaos: ${MESSAGES} messages, ${faults} faulty submits, ${ended.filter((s) => s.status === 'failed').length} failed, ` +
        `${settled.filter((s) => s.delivery_status !== null).length} settled by receipts\n`,
    );
    assert.ok(faults > 0, 'the SMSC misbehaved');
  });
});
