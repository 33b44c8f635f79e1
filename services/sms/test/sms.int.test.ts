import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { CALLBACK_URL_HEADER, createGrpcClient } from '@otp/platform';
import { loadSmsProto } from '@otp/proto';
import {
  eventually,
  connectObserver,
  request,
  startTestPlatform,
  type ErrorBody,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// SMS end to end through the public REST API: gateway -> sms -> billing, the real JetStream work
// queue, and the sandbox carrier over SMPP.

interface Sms {
  sid: string;
  status: string;
  to: string;
  from: string;
  body: string;
  sms_segments: number;
  cost: string;
  metadata: Record<string, unknown>;
  date_created: string;
  processed_at: string | null;
  last_error?: string;
}
interface LedgerEntry {
  kind: string;
  amount: string;
  reference: string;
}
interface InboxMessage {
  channel: string;
  to: string;
  from: string;
  text: string;
  code: string | null;
  status: string;
}
interface Submits {
  submits: number;
  accepted: number;
  refused: number;
}

const VODAFONE = '+447700123456'; // Vodafone UK, 0.05 per segment
const O2 = '+447710123457'; // O2 UK, 0.03
const UNKNOWN_GB_NETWORK = '+447960123456'; // no GB prefix matches: the country's highest, 0.06
const JAPAN = '+819012345678'; // no JP rates at all
const ALWAYS_FAILS = '+447700123496'; // sandbox: every submit fails
const FAILS_TWICE = '+447700123495'; // sandbox: first 2 submits fail

let platform: TestPlatform;
let project: TestProject;

async function send(body: Record<string, unknown>, as: TestProject = project) {
  return as.api.post<Sms & ErrorBody>('/messages/sms', body);
}

async function final(sid: string, as: TestProject = project): Promise<Sms> {
  const read = await eventually(
    () => as.api.get<Sms>(`/messages/sms/${sid}`),
    (r) => r.status === 200 && ['sent', 'failed'].includes(r.body.status),
    { what: `SMS ${sid} to finish` },
  );
  return read.body;
}

async function ledger(projectId: string): Promise<LedgerEntry[]> {
  const response = await platform.admin.get<{ entries: LedgerEntry[] }>(`/projects/${projectId}/ledger?limit=500`);
  assert.equal(response.status, 200, response.text);
  return response.body.entries;
}

async function balance(projectId: string): Promise<string> {
  return (await platform.admin.get<{ balance: string }>(`/projects/${projectId}`)).body.balance;
}

async function approvedSender(p: TestProject, value: string): Promise<void> {
  const requested = await platform.admin.post(`/projects/${p.id}/sender-ids`, { value, site: 'shop.example.com' });
  assert.equal(requested.status, 201, requested.text);
  const approved = await platform.admin.post(`/projects/${p.id}/sender-ids/${value}/approve`);
  assert.equal(approved.status, 200, approved.text);
}

/** The first status event (sms.sent or sms.failed; receipts' events come later) the sms service published for `sid`, with its webhook target header. */
async function statusEvent(
  sid: string,
): Promise<{ type: string; project_id: string; data: Sms; callback: string | undefined }> {
  const nc = await connectObserver();
  try {
    const consumer = await jetstream(nc).consumers.get('EVENTS');
    let found: { type: string; project_id: string; data: Sms; callback: string | undefined } | undefined;
    await eventually(
      async () => {
        const batch = await consumer.fetch({ max_messages: 100, expires: 1000 });
        for await (const m of batch) {
          const event = m.json<{ type: string; project_id: string; data: Sms }>();
          if (event.data.sid === sid && !found)
            found = { ...event, callback: m.headers?.get(CALLBACK_URL_HEADER) || undefined };
        }
        return found;
      },
      (value) => value !== undefined,
      { what: `the status event of ${sid}` },
    );
    return found!;
  } finally {
    await nc.close();
  }
}

function expectError(response: { status: number; body: ErrorBody; text: string }, status: number, code: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.error.code, code, response.text);
  assert.equal(typeof response.body.error.message, 'string');
}

describe('SMS over the REST API (gateway, sms, billing, sandbox carrier)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      // A short ack wait so the crash test's in-flight messages come back quickly.
      // A short submit timeout: a try cut by the crash is known unanswerable sooner.
      env: { sms: { SMS_RETRY_BASE_MS: '50', SMS_ACK_WAIT_MS: '3000', SMPP_SUBMIT_TIMEOUT_MS: '4000' } },
    });
    project = await platform.newProject({ credit: '9.00' }); // 10.00 with the trial credit
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('sender IDs: pending until approved, matched case-insensitively, shown as registered, no duplicates', async () => {
    const requested = await platform.admin.post<{ value: string; status: string }>(
      `/projects/${project.id}/sender-ids`,
      {
        value: 'MyShop',
        site: 'shop.example.com',
      },
    );
    assert.equal(requested.status, 201, requested.text);
    assert.deepEqual(requested.body, { value: 'MyShop', status: 'pending' });

    expectError(await send({ to: VODAFONE, body: 'hello', from: 'myshop' }), 422, 'SENDER_ID_NOT_APPROVED');

    const duplicate = await platform.admin.post<ErrorBody>(`/projects/${project.id}/sender-ids`, {
      value: 'MYSHOP',
      site: 'x',
    });
    expectError(duplicate, 409, 'SENDER_ID_EXISTS');

    const approved = await platform.admin.post<{ value: string; status: string }>(
      `/projects/${project.id}/sender-ids/myshop/approve`,
    );
    assert.deepEqual(approved.body, { value: 'MyShop', status: 'approved' });

    const sent = await send({ to: VODAFONE, body: 'hello', from: 'MYSHOP' });
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.body.from, 'MyShop');
  });

  it('answers each request error with its code in the envelope', async () => {
    const fresh = await platform.newProject();
    expectError(await send({ to: VODAFONE, body: 'hi' }, fresh), 422, 'SENDER_ID_REQUIRED');
    expectError(await send({ to: VODAFONE, body: 'hi', from: 'Unknown1' }, fresh), 422, 'SENDER_ID_NOT_APPROVED');

    const invalid = await send({ to: '07700 123456', body: '', from: 'a!', colour: 'red' });
    expectError(invalid, 422, 'INVALID_REQUEST_BODY');
    for (const field of ['to:', 'body:', 'from:', 'colour: unknown field'])
      assert.match(invalid.body.error.message, new RegExp(field));

    const tooLong = await send({ to: VODAFONE, body: 'a'.repeat(10241), from: 'MyShop' });
    expectError(tooLong, 422, 'INVALID_REQUEST_BODY');
    assert.match(tooLong.body.error.message, /body:/);

    const notJson = await request<ErrorBody>('POST', `${project.api.baseUrl}/messages/sms`, {
      rawBody: '{"to": ',
      headers: { authorization: `Bearer ${project.key}` },
    });
    expectError(notJson, 400, 'INVALID_JSON');

    expectError(await send({ to: JAPAN, body: 'hi', from: 'MyShop' }), 422, 'DESTINATION_NOT_PRICED');

    expectError(await project.api.get<ErrorBody>('/messages/sms/SM123'), 400, 'INVALID_MESSAGE_SID');
    expectError(await project.api.get<ErrorBody>(`/messages/sms/SM${'0'.repeat(24)}`), 404, 'MESSAGE_NOT_FOUND');
    const mine = await send({ to: VODAFONE, body: 'mine', from: 'MyShop' });
    expectError(await fresh.api.get<ErrorBody>(`/messages/sms/${mine.body.sid}`), 404, 'MESSAGE_NOT_FOUND');
  });

  it('refuses a send the balance cannot cover with 402, taking nothing', async () => {
    const poor = await platform.newProject(); // 1.00 trial credit
    await approvedSender(poor, 'PoorShop');
    // 21 UCS-2 segments to a 0.05 network: 1.05
    const refused = await send({ to: VODAFONE, body: 'é'.repeat(67 * 21), from: 'PoorShop' }, poor);
    expectError(refused, 402, 'INSUFFICIENT_BALANCE');
    assert.equal(await balance(poor.id), '1.00');
  });

  it('turning the channel off refuses direct sends with 403 CHANNEL_DISABLED', async () => {
    const off = await platform.admin.patch<{ enabled: boolean }>(`/projects/${project.id}/settings/sms`, {
      enabled: false,
    });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.enabled, false);
    expectError(await send({ to: VODAFONE, body: 'hi', from: 'MyShop' }), 403, 'CHANNEL_DISABLED');
    const on = await platform.admin.patch<{ enabled: boolean }>(`/projects/${project.id}/settings/sms`, {
      enabled: true,
    });
    assert.equal(on.body.enabled, true);
    assert.equal((await send({ to: VODAFONE, body: 'hi', from: 'MyShop' })).status, 201);
  });

  it('prices by network: two GB networks differ, an unidentifiable GB number pays the highest GB price', async () => {
    const vodafone = await send({ to: VODAFONE, body: 'price check', from: 'MyShop' });
    const o2 = await send({ to: O2, body: 'price check', from: 'MyShop' });
    const unknown = await send({ to: UNKNOWN_GB_NETWORK, body: 'price check', from: 'MyShop' });
    assert.deepEqual([vodafone.body.cost, o2.body.cost, unknown.body.cost], ['0.05', '0.03', '0.06']);
  });

  it('a long message costs price x segments, goes out in concatenated parts and arrives whole', async () => {
    const text = `Your code is 482913. ${'x'.repeat(140)}`; // 161 plain characters: 2 segments
    assert.equal(text.length, 161);
    const queued = await send({ to: VODAFONE, body: text, from: 'MyShop', metadata: { order: 'A-1', n: 3 } });
    assert.equal(queued.status, 201, queued.text);
    assert.equal(queued.body.status, 'queued');
    assert.equal(queued.body.processed_at, null);
    assert.equal(queued.body.sms_segments, 2);
    assert.equal(queued.body.cost, '0.10');
    assert.deepEqual(queued.body.metadata, { order: 'A-1', n: 3 });
    assert.ok(!('last_error' in queued.body));

    const sent = await final(queued.body.sid);
    assert.equal(sent.status, 'sent');
    assert.ok(sent.processed_at && Date.parse(sent.processed_at) >= Date.parse(sent.date_created));

    const inbox = await platform.sandbox.get<{ messages: InboxMessage[] }>(`/inbox?to=${encodeURIComponent(VODAFONE)}`);
    const arrived = inbox.body.messages.find((m) => m.text === text);
    assert.ok(arrived, 'the two parts arrive as one message');
    assert.equal(arrived.channel, 'sms');
    assert.equal(arrived.from, 'MyShop');
    assert.equal(arrived.code, '482913');

    const charges = (await ledger(project.id)).filter((e) => e.reference === queued.body.sid && e.kind === 'charge');
    assert.deepEqual(
      charges.map((e) => e.amount),
      ['-0.10'],
    );
  });

  it('non-GSM text goes as UCS-2 parts counted in UTF-16 units and arrives intact', async () => {
    const text = `Grüße ${'😀'.repeat(33)}`; // 6 + 66 = 72 code units: 2 segments
    const queued = await send({ to: O2, body: text, from: 'MyShop' });
    assert.equal(queued.body.sms_segments, 2);
    assert.equal(queued.body.cost, '0.06');
    assert.equal((await final(queued.body.sid)).status, 'sent');
    const inbox = await platform.sandbox.get<{ messages: InboxMessage[] }>(`/inbox?to=${encodeURIComponent(O2)}`);
    assert.ok(inbox.body.messages.some((m) => m.text === text));
  });

  it('the default sender ID is used when from is absent; the sms.sent event carries the resource and the callback', async () => {
    const patched = await platform.admin.patch<{ default_sender_id: string; callback_url: string }>(
      `/projects/${project.id}/settings/sms`,
      { default_sender_id: 'MYSHOP', callback_url: 'http://127.0.0.1:9/sms-hook' },
    );
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.default_sender_id, 'MyShop');

    const queued = await send({ to: O2, body: 'default sender', metadata: { ref: 'x1' } });
    assert.equal(queued.status, 201, queued.text);
    assert.equal(queued.body.from, 'MyShop');
    const sent = await final(queued.body.sid);

    const event = await statusEvent(queued.body.sid);
    assert.equal(event.type, 'sms.sent');
    assert.equal(event.project_id, project.id);
    assert.equal(event.callback, 'http://127.0.0.1:9/sms-hook');
    // The delivery receipt may have come by the time the API was read (sms.delivered tells of it).
    assert.deepEqual(event.data, { ...sent, delivery_status: null, delivered_at: null });
  });

  it('purpose verify (Sms.Send from the verify service) sends with the channel off and never takes the default callback', async () => {
    // The default callback of the previous test is still set; now turn direct sends off.
    await platform.admin.patch(`/projects/${project.id}/settings/sms`, { enabled: false });
    const sms = createGrpcClient(loadSmsProto().otp.sms.v1.Sms, `127.0.0.1:${platform.ports.sms}`, 10000);
    try {
      const message = await sms.Send({
        project_id: project.id,
        to: O2,
        body: 'Your code is 1234',
        masked_body: 'Your code is ****',
        from: 'myshop',
        metadata_json: '{}',
        purpose: 'verify',
      });
      assert.equal(message.status, 'queued');
      assert.equal(message.from, 'MyShop');
      assert.equal((await final(message.sid)).status, 'sent');
      const event = await statusEvent(message.sid);
      assert.equal(event.type, 'sms.sent');
      assert.equal(event.callback, undefined);
    } finally {
      sms.close();
      await platform.admin.patch(`/projects/${project.id}/settings/sms`, {
        enabled: true,
        default_sender_id: null,
        callback_url: null,
      });
    }
  });

  it('ending 96: failed after exactly 6 submit attempts, last_error set, charge refunded', async () => {
    const before = await balance(project.id);
    const queued = await send({ to: ALWAYS_FAILS, body: 'will fail', from: 'MyShop' });
    assert.equal(queued.body.cost, '0.05');
    const failed = await final(queued.body.sid);
    assert.equal(failed.status, 'failed');
    assert.ok(failed.last_error && failed.last_error.length > 0);
    assert.equal(failed.processed_at, null);
    const event = await statusEvent(queued.body.sid);
    assert.equal(event.type, 'sms.failed');
    assert.deepEqual(event.data, failed);

    const submits = await platform.sandbox.get<Submits>(`/carrier/submits?to=${encodeURIComponent(ALWAYS_FAILS)}`);
    assert.deepEqual(submits.body, { to: ALWAYS_FAILS, submits: 6, accepted: 0, refused: 6 });

    const entries = await eventually(
      async () => (await ledger(project.id)).filter((e) => e.reference === queued.body.sid),
      (list) => list.some((e) => e.kind === 'refund'),
      { what: 'the refund' },
    );
    assert.deepEqual(
      entries.filter((e) => e.kind === 'charge').map((e) => e.amount),
      ['-0.05'],
    );
    assert.deepEqual(
      entries.filter((e) => e.kind === 'refund').map((e) => e.amount),
      ['0.05'],
    );
    assert.equal(await balance(project.id), before);
  });

  it('ending 95: sent after 3 submit attempts, charged once', async () => {
    const queued = await send({ to: FAILS_TWICE, body: 'third time lucky', from: 'MyShop' });
    const sent = await final(queued.body.sid);
    assert.equal(sent.status, 'sent');
    const submits = await platform.sandbox.get<Submits>(`/carrier/submits?to=${encodeURIComponent(FAILS_TWICE)}`);
    assert.deepEqual(submits.body, { to: FAILS_TWICE, submits: 3, accepted: 1, refused: 2 });
    const entries = (await ledger(project.id)).filter((e) => e.reference === queued.body.sid);
    assert.deepEqual(
      entries.filter((e) => e.kind === 'charge').map((e) => e.amount),
      ['-0.05'],
    );
    assert.equal(entries.filter((e) => e.kind === 'refund').length, 0);
  });

  it('the carrier session comes back after the carrier restarts', async () => {
    await platform.restart('sandbox');
    const queued = await send({ to: O2, body: 'after the carrier restart', from: 'MyShop' });
    assert.equal((await final(queued.body.sid)).status, 'sent');
    const inbox = await platform.sandbox.get<{ messages: InboxMessage[] }>(`/inbox?to=${encodeURIComponent(O2)}`);
    assert.ok(inbox.body.messages.some((m) => m.text === 'after the carrier restart'));
  });

  it('the worker killed mid-send: redelivered messages finish and nothing is charged twice', async () => {
    const crash = await platform.newProject({ credit: '4.00' });
    await approvedSender(crash, 'CrashShop');
    // Each number its own: the sandbox fails the first 2 submits of every ending-95 number.
    const targets = Array.from({ length: 12 }, (_, i) => `+4477001${100 + i}${i % 3 === 0 ? '00' : '95'}`);
    const queued = await Promise.all(
      targets.map((to) => send({ to, body: `crash test ${to}`, from: 'CrashShop' }, crash)),
    );
    for (const q of queued) assert.equal(q.status, 201, q.text);
    // Kill the process while deliveries are under way (ending-95 messages retry for a while).
    await eventually(
      () => Promise.all(queued.map((q) => crash.api.get<Sms>(`/messages/sms/${q.body.sid}`))),
      (reads) => reads.some((r) => r.body.status === 'processing'),
      { what: 'a delivery in progress', intervalMs: 10 },
    );
    await platform.restart('sms', 'SIGKILL');

    const finished = await Promise.all(queued.map((q) => final(q.body.sid, crash)));
    // A message whose submit was on the wire at the kill is not sent again (the carrier may have
    // it): it fails, refunded. Every other one is sent, charged once.
    const unknown = /answer was never recorded; not sent again/;
    for (const message of finished) {
      assert.ok(
        message.status === 'sent' || (message.status === 'failed' && unknown.test(message.last_error ?? '')),
        `${message.sid}: ${message.status} ${message.last_error ?? ''}`,
      );
    }

    // A failed message's refund follows its final status: wait until every one is in the ledger.
    const failedSids = finished.filter((m) => m.status === 'failed').map((m) => m.sid);
    const entries = await eventually(
      () => ledger(crash.id),
      (list) => failedSids.every((sid) => list.some((e) => e.reference === sid && e.kind === 'refund')),
      { what: 'the refunds of the failed messages' },
    );
    for (const message of finished) {
      const own = entries.filter((e) => e.reference === message.sid);
      assert.deepEqual(
        own.filter((e) => e.kind === 'charge').map((e) => e.amount),
        ['-0.05'],
        `one charge for ${message.sid}`,
      );
      assert.deepEqual(
        own.filter((e) => e.kind === 'refund').map((e) => e.amount),
        message.status === 'failed' ? ['0.05'] : [],
      );
    }
    for (const to of targets) {
      const submits = await platform.sandbox.get<Submits>(`/carrier/submits?to=${encodeURIComponent(to)}`);
      assert.ok(submits.body.accepted <= 1, `${to}: the carrier accepted ${submits.body.accepted} times`);
    }
    // 5.00 - 0.05 per message sent
    const sent = finished.filter((m) => m.status === 'sent').length;
    assert.equal(await balance(crash.id), (5 - 0.05 * sent).toFixed(2));
  });

  it('killed while the carrier holds a submit unanswered: not sent again, failed and refunded', async () => {
    const crash = await platform.newProject({ credit: '4.00' });
    await approvedSender(crash, 'SlowShop');
    const to = '+447700199321';
    // The carrier takes the submit at once and answers after 3 s; the worker dies before that.
    const rules = await platform.sandbox.put('/carriers/sandbox/rules', {
      rules: [{ ending: '199321', answer_after_ms: 3000 }],
    });
    assert.equal(rules.status, 200, rules.text);
    try {
      const queued = await send({ to, body: 'taken, never answered', from: 'SlowShop' }, crash);
      assert.equal(queued.status, 201, queued.text);
      await eventually(
        () => platform.sandbox.get<Submits>(`/carrier/submits?to=${encodeURIComponent(to)}`),
        (r) => r.body.accepted === 1,
        { what: 'the carrier took the submit', intervalMs: 10 },
      );
      await platform.restart('sms', 'SIGKILL');

      const sms = await final(queued.body.sid, crash);
      assert.equal(sms.status, 'failed');
      assert.match(sms.last_error ?? '', /answer was never recorded; not sent again/);
      assert.equal(sms.cost, '0.00');
      const submits = await platform.sandbox.get<Submits>(`/carrier/submits?to=${encodeURIComponent(to)}`);
      assert.deepEqual(submits.body, { to, submits: 1, accepted: 1, refused: 0 });
      const own = (
        await eventually(
          () => ledger(crash.id),
          (list) => list.some((e) => e.reference === queued.body.sid && e.kind === 'refund'),
          { what: 'the refund' },
        )
      ).filter((e) => e.reference === queued.body.sid);
      assert.deepEqual(
        own
          .filter((e) => e.kind === 'charge' || e.kind === 'refund')
          .map((e) => `${e.kind} ${e.amount}`)
          .sort(),
        ['charge -0.05', 'refund 0.05'],
      );
      assert.equal(await balance(crash.id), '5.00');
    } finally {
      await platform.sandbox.put('/carriers/sandbox/rules', { rules: [] });
    }
  });
});
