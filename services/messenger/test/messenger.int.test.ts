import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { CALLBACK_URL_HEADER, SUBJECTS } from '@otp/platform';
import {
  eventually,
  connectObserver,
  request,
  startTestPlatform,
  type ErrorBody,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// Messenger codes through the REST API against the sandbox provider (real gateway, billing,
// messenger and sandbox processes, real Postgres and NATS). Timers are shortened by config:
// reports after 100 ms, the expiry timer every 200 ms, no grace, and a 1 s minimum expiry.

interface Code {
  sid: string;
  status: string;
  to: string;
  expires_at: string;
  cost: string;
  metadata: Record<string, unknown>;
  delivered_at: string | null;
  last_error?: string;
}
interface Check {
  valid: boolean;
  verification_status: string;
}
interface InboxMessage {
  channel: string;
  to: string;
  code: string | null;
  provider_id: string;
  status: string;
}
interface LedgerEntry {
  kind: string;
  amount: string;
  reference: string;
}
interface StatusEvent {
  type: string;
  data: Code;
  callback?: string;
}

const TOKEN = 'sandbox-token';
let platform: TestPlatform;
let numberSeq = 0;

/** A fresh number with the sandbox ending that picks the behaviour. */
function numberEnding(ending: string): string {
  numberSeq += 1;
  return `+447700${String(numberSeq).padStart(4, '0')}${ending}`;
}

async function send(project: TestProject, body: Record<string, unknown>) {
  return project.api.post<Code & ErrorBody>('/messages/messenger', body);
}

async function read(project: TestProject, sid: string): Promise<Code> {
  const response = await project.api.get<Code>(`/messages/messenger/${sid}`);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

async function ledger(project: TestProject): Promise<LedgerEntry[]> {
  return (await platform.admin.get<{ entries: LedgerEntry[] }>(`/projects/${project.id}/ledger`)).body.entries;
}

async function inboxFor(to: string): Promise<InboxMessage[]> {
  return (await platform.sandbox.get<{ messages: InboxMessage[] }>(`/inbox?to=${encodeURIComponent(to)}`)).body
    .messages;
}

/** Every status event of a direct code published so far (its own subject), with its webhook target header. */
async function statusEvents(sid: string): Promise<StatusEvent[]> {
  const nc = await connectObserver();
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info('EVENTS').catch(() => undefined);
    const events: StatusEvent[] = [];
    for (let seq = info?.state.first_seq ?? 1; info && seq <= info.state.last_seq; seq += 1) {
      const message = await jsm.streams.getMessage('EVENTS', { seq }).catch(() => undefined);
      if (!message || message.subject !== SUBJECTS.messengerDirectStatus) continue;
      const event = message.json<{ type: string; data: Code }>();
      if (event.data.sid !== sid) continue;
      const callback = message.header?.get(CALLBACK_URL_HEADER);
      events.push({ type: event.type, data: event.data, ...(callback ? { callback } : {}) });
    }
    return events;
  } finally {
    await nc.close();
  }
}

function signed(body: string, timestamp: string, token = TOKEN): Record<string, string> {
  const key = createHash('sha256').update(token).digest();
  const signature = createHmac('sha256', key).update(`${timestamp}\n${body}`).digest('hex');
  return { 'content-type': 'application/json', 'x-request-timestamp': timestamp, 'x-request-signature': signature };
}

function report(requestId: string, to: string, status: string): string {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    request_id: requestId,
    phone_number: to,
    request_cost: 0.01,
    delivery_status: { status, updated_at: now },
  });
}

const postReport = (body: string, headers: Record<string, string>) =>
  request<{ ok: boolean; applied: boolean } & ErrorBody>('POST', `${platform.publicUrl}/provider/messenger/reports`, {
    rawBody: body,
    headers,
  });

/** What a code cost the customer: its charge and refund entries (its hold and release net to zero). */
const charges = (entries: LedgerEntry[], sid: string) =>
  entries.filter((e) => e.reference === sid && (e.kind === 'charge' || e.kind === 'refund'));

interface ProviderUsage {
  to: string;
  calls: Record<string, number>;
  charged_cents: number;
}

/** What the sandbox provider saw and billed the operator for one number. */
async function providerUsage(to: string): Promise<ProviderUsage> {
  return (await platform.sandbox.get<ProviderUsage>(`/messenger-api-usage?to=${encodeURIComponent(to)}`)).body;
}

describe('messenger codes through the REST API (sandbox provider)', () => {
  let project: TestProject;

  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'messenger', 'gateway'],
      env: {
        sandbox: { MESSENGER_REPORT_DELAY_MS: '100' },
        messenger: { MIN_TTL_SECONDS: '1', EXPIRY_SWEEP_INTERVAL_MS: '200', EXPIRY_GRACE_MS: '0' },
      },
    });
    project = await platform.newProject();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('delivered: 201 sent and charged 0.02, then delivered; the code is in the inbox; events carry the callback', async () => {
    const to = numberEnding('00');
    const sent = await send(project, { to, metadata: { order: 'A1' }, callback: 'http://127.0.0.1:9/hook' });
    assert.equal(sent.status, 201, sent.text);
    assert.match(sent.body.sid, /^TG[a-f0-9]{24}$/);
    assert.equal(sent.body.status, 'sent');
    assert.equal(sent.body.cost, '0.02');
    assert.ok(Date.parse(sent.body.expires_at) > Date.now() + 250_000, 'default expiry is 5 minutes');

    const delivered = await eventually(
      () => read(project, sent.body.sid),
      (c) => c.status === 'delivered',
    );
    assert.equal(delivered.cost, '0.02');
    assert.notEqual(delivered.delivered_at, null);
    assert.deepEqual(delivered.metadata, { order: 'A1' });

    const inbox = await inboxFor(to);
    assert.equal(inbox.length, 1);
    assert.equal(inbox[0]!.channel, 'messenger');
    assert.match(inbox[0]!.code ?? '', /^\d{6}$/);
    assert.equal(inbox[0]!.status, 'delivered');

    assert.deepEqual(
      charges(await ledger(project), sent.body.sid).map((e) => [e.kind, e.amount]),
      [['charge', '-0.02']],
    );
    const events = await eventually(
      () => statusEvents(sent.body.sid),
      (list) => list.length >= 2,
    );
    assert.deepEqual(
      events.map((e) => e.type),
      ['messenger.sent', 'messenger.delivered'],
    );
    assert.ok(events.every((e) => e.callback === 'http://127.0.0.1:9/hook'));
    assert.deepEqual(events[1]!.data.metadata, { order: 'A1' });
  });

  it('read: delivered then read, still charged', async () => {
    const sent = await send(project, { to: numberEnding('94') });
    assert.equal(sent.status, 201, sent.text);
    const readCode = await eventually(
      () => read(project, sent.body.sid),
      (c) => c.status === 'read',
    );
    assert.equal(readCode.cost, '0.02');
    const events = await eventually(
      () => statusEvents(sent.body.sid),
      (list) => list.length >= 3,
    );
    assert.deepEqual(
      events.map((e) => e.type),
      ['messenger.sent', 'messenger.delivered', 'messenger.read'],
    );
  });

  it('failed: the provider gives up, status failed with a reason, 0.02 refunded once', async () => {
    const sent = await send(project, { to: numberEnding('92') });
    assert.equal(sent.status, 201, sent.text);
    const failed = await eventually(
      () => read(project, sent.body.sid),
      (c) => c.status === 'failed',
    );
    assert.equal(failed.cost, '0.00');
    assert.ok(failed.last_error);
    const entries = await eventually(
      () => ledger(project),
      (list) => charges(list, sent.body.sid).length === 2,
    );
    assert.deepEqual(
      charges(entries, sent.body.sid).map((e) => [e.kind, e.amount]),
      [
        ['refund', '0.02'],
        ['charge', '-0.02'],
      ],
    );
  });

  it('revoked: status revoked, undelivered so refunded', async () => {
    const sent = await send(project, { to: numberEnding('93') });
    assert.equal(sent.status, 201, sent.text);
    const revoked = await eventually(
      () => read(project, sent.body.sid),
      (c) => c.status === 'revoked',
    );
    assert.equal(revoked.cost, '0.00');
    const entries = await eventually(
      () => ledger(project),
      (list) => charges(list, sent.body.sid).length === 2,
    );
    assert.deepEqual(
      charges(entries, sent.body.sid)
        .map((e) => e.kind)
        .sort(),
      ['charge', 'refund'],
    );
  });

  it('rejected: no messenger account gives 422 MESSENGER_REJECTED (no sid), its hold released, nothing charged', async () => {
    const other = await platform.newProject();
    for (const ending of ['90', '97']) {
      const to = numberEnding(ending);
      const sent = await send(other, { to });
      assert.equal(sent.status, 422, sent.text);
      assert.equal(sent.body.error.code, 'MESSENGER_REJECTED');
      assert.equal((sent.body as { sid?: string }).sid, undefined);
      // The provider bills only a successful ability check.
      const usage = await providerUsage(to);
      assert.deepEqual(
        [usage.calls.checkSendAbility, usage.calls.sendVerificationMessage, usage.charged_cents],
        [1, 0, 0],
      );
    }
    const entries = await ledger(other);
    assert.deepEqual(
      entries.filter((e) => e.kind !== 'hold' && e.kind !== 'release').map((e) => e.kind),
      ['credit'],
      'nothing but the trial credit and the holds given back',
    );
    assert.deepEqual(
      entries
        .filter((e) => e.kind === 'hold' || e.kind === 'release')
        .map((e) => e.kind)
        .sort(),
      ['hold', 'hold', 'release', 'release'],
    );
    const project_ = await other.api.get<{ balance: string }>('/project');
    assert.equal(project_.body.balance, '1.00');
  });

  it('channel disabled (403), bad settings name the field (422), insufficient balance (402)', async () => {
    const other = await platform.newProject();
    const bad = await platform.admin.patch<ErrorBody>(`/projects/${other.id}/settings/messenger`, {
      code_length: 9,
      ttl_seconds: 7200,
    });
    assert.equal(bad.status, 422);
    assert.match(bad.body.error.message, /code_length: .*; ttl_seconds: /);
    const off = await platform.admin.patch<{ enabled: boolean }>(`/projects/${other.id}/settings/messenger`, {
      enabled: false,
    });
    assert.equal(off.body.enabled, false);
    const refused = await send(other, { to: numberEnding('00') });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'CHANNEL_DISABLED');

    const invalid = await send(project, { to: numberEnding('00'), code: '12a' });
    assert.equal(invalid.status, 422);
    assert.match(invalid.body.error.message, /^code: /);

    // 1.00 of trial credit pays for 50 codes; the 51st is refused and nothing is left behind. The
    // refused one never reached the provider (its ability check would have cost the operator).
    // Without the per-second project limit: this is about the balance, however fast the sends go.
    const poor = await platform.newProject({ abuseLimits: 'off' });
    const numbers = Array.from({ length: 51 }, () => numberEnding('91'));
    // In waves of 10 at once: concurrent enough to race on the balance, few enough that a loaded
    // machine answers them all within their deadline.
    const sends: Awaited<ReturnType<typeof send>>[] = [];
    for (let i = 0; i < numbers.length; i += 10) {
      sends.push(...(await Promise.all(numbers.slice(i, i + 10).map((to) => send(poor, { to })))));
    }
    assert.equal(sends.filter((s) => s.status === 201).length, 50);
    assert.deepEqual(
      sends.filter((s) => s.status !== 201).map((s) => s.body.error.code),
      ['INSUFFICIENT_BALANCE'],
    );
    assert.equal((await poor.api.get<{ balance: string }>('/project')).body.balance, '0.00');
    const refusedTo = numbers[sends.findIndex((s) => s.status === 402)]!;
    assert.deepEqual(await providerUsage(refusedTo), {
      to: refusedTo,
      calls: {
        checkSendAbility: 0,
        sendVerificationMessage: 0,
        checkVerificationStatus: 0,
        revokeVerificationMessage: 0,
      },
      charged_cents: 0,
    });
    const paidTo = numbers[sends.findIndex((s) => s.status === 201)]!;
    const paid = await providerUsage(paidTo);
    assert.deepEqual([paid.calls.checkSendAbility, paid.calls.sendVerificationMessage, paid.charged_cents], [1, 1, 1]);
  });

  it('forged and stale reports are refused (401) and change nothing; a replay changes nothing', async () => {
    const to = numberEnding('91');
    const sent = await send(project, { to });
    assert.equal(sent.status, 201, sent.text);
    const requestId = (await inboxFor(to))[0]!.provider_id;
    const timestamp = String(Math.floor(Date.now() / 1000));

    const delivered = report(requestId, to, 'delivered');
    const forged = await postReport(delivered, signed(delivered, timestamp, 'not-the-token'));
    assert.equal(forged.status, 401);
    assert.equal(forged.body.error.code, 'INVALID_SIGNATURE');
    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    const old = await postReport(delivered, signed(delivered, stale));
    assert.equal(old.status, 401);
    const unsigned = await postReport(delivered, { 'content-type': 'application/json' });
    assert.equal(unsigned.status, 401);
    assert.equal((await read(project, sent.body.sid)).status, 'sent');
    assert.deepEqual(
      (await statusEvents(sent.body.sid)).map((e) => e.type),
      ['messenger.sent'],
    );

    const genuine = signed(delivered, timestamp);
    const first = await postReport(delivered, genuine);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.applied, true);
    const replay = await postReport(delivered, genuine);
    assert.equal(replay.status, 200);
    assert.equal(replay.body.applied, false);
    // An older status, even freshly signed, never moves the code backwards.
    const backwards = report(requestId, to, 'sent');
    const late = await postReport(backwards, signed(backwards, String(Number(timestamp) + 1)));
    assert.equal(late.body.applied, false);
    assert.equal((await read(project, sent.body.sid)).status, 'delivered');
    assert.deepEqual(
      (await statusEvents(sent.body.sid)).map((e) => e.type),
      ['messenger.sent', 'messenger.delivered'],
    );
  });

  it('verification_status: wrong, right (generated and own code), too many wrong', async () => {
    const to = numberEnding('00');
    const generated = await send(project, { to });
    const code = (await inboxFor(to))[0]!.code!;
    const wrong = code === '000000' ? '111111' : '000000';
    const check = (sid: string, entered: string) =>
      project.api.post<Check>(`/messages/messenger/${sid}/verify`, { code: entered });

    const miss = await check(generated.body.sid, wrong);
    assert.equal(miss.status, 200);
    assert.deepEqual([miss.body.valid, miss.body.verification_status], [false, 'code_invalid']);
    const right = await check(generated.body.sid, code);
    assert.equal(right.status, 200);
    assert.equal(right.body.valid, true);
    assert.equal(right.body.verification_status, 'code_valid');

    const own = await send(project, { to: numberEnding('00'), code: '4242' });
    assert.equal((await check(own.body.sid, '4242')).body.verification_status, 'code_valid');

    const limited = await send(project, { to: numberEnding('00'), code: '123456' });
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await check(limited.body.sid, '654321')).body.verification_status);
    assert.deepEqual(answers, [
      'code_invalid',
      'code_invalid',
      'code_invalid',
      'code_invalid',
      'code_max_attempts_exceeded',
    ]);
    const afterLimit = await check(limited.body.sid, '123456');
    assert.deepEqual(
      [afterLimit.body.valid, afterLimit.body.verification_status],
      [false, 'code_max_attempts_exceeded'],
    );

    const malformed = await check(limited.body.sid, '12');
    assert.equal(malformed.status, 422);
    const unknown = await project.api.get<ErrorBody>(`/messages/messenger/TG${'0'.repeat(24)}`);
    assert.equal(unknown.status, 404);
  });

  describe('expiry (codes expire after 1-2 s in this project)', () => {
    let short: TestProject;
    beforeAll(async () => {
      short = await platform.newProject();
      const patched = await platform.admin.patch<{ ttl_seconds: number }>(`/projects/${short.id}/settings/messenger`, {
        ttl_seconds: 2,
      });
      assert.equal(patched.body.ttl_seconds, 2);
    });

    const pastExpiry = (code: Code) =>
      eventually(
        async () => Date.now(),
        (now) => now > Date.parse(code.expires_at),
        { what: 'expiry' },
      );

    it('never delivered: concurrent reads at expiry expire it and refund exactly once', async () => {
      const sent = await send(short, { to: numberEnding('91') });
      assert.equal(sent.status, 201, sent.text);
      assert.equal((await read(short, sent.body.sid)).status, 'sent', 'not expired yet');
      await pastExpiry(sent.body);
      const reads = await Promise.all(Array.from({ length: 12 }, () => read(short, sent.body.sid)));
      assert.ok(
        reads.every((c) => c.status === 'expired' && c.cost === '0.00'),
        JSON.stringify(reads.map((c) => c.status)),
      );
      const entries = charges(await ledger(short), sent.body.sid);
      assert.deepEqual(
        entries.map((e) => [e.kind, e.amount]),
        [
          ['refund', '0.02'],
          ['charge', '-0.02'],
        ],
      );
      assert.equal((await short.api.get<{ balance: string }>('/project')).body.balance, '1.00');
      assert.deepEqual(
        (await statusEvents(sent.body.sid)).map((e) => e.type),
        ['messenger.sent', 'messenger.expired'],
      );
    });

    it('with a callback the timer expires and refunds it without anyone reading it', async () => {
      const sent = await send(short, { to: numberEnding('91'), callback: 'http://127.0.0.1:9/hook' });
      assert.equal(sent.status, 201, sent.text);
      const events = await eventually(
        () => statusEvents(sent.body.sid),
        (list) => list.some((e) => e.type === 'messenger.expired'),
      );
      assert.equal(events.at(-1)!.data.cost, '0.00');
      assert.equal(events.at(-1)!.callback, 'http://127.0.0.1:9/hook');
      const entries = await eventually(
        () => ledger(short),
        (list) => charges(list, sent.body.sid).length === 2,
      );
      assert.deepEqual(
        charges(entries, sent.body.sid).map((e) => e.kind),
        ['refund', 'charge'],
      );
    });

    it('a delivered code keeps its charge after expiry, and checks after expiry answer expired', async () => {
      const to = numberEnding('00');
      const sent = await send(short, { to });
      await eventually(
        () => read(short, sent.body.sid),
        (c) => c.status === 'delivered',
      );
      const code = (await inboxFor(to))[0]!.code!;
      await pastExpiry(sent.body);
      const late = await short.api.post<Check>(`/messages/messenger/${sent.body.sid}/verify`, { code });
      assert.deepEqual([late.body.valid, late.body.verification_status], [false, 'expired']);
      const after = await read(short, sent.body.sid);
      assert.deepEqual([after.status, after.cost], ['delivered', '0.02']);
    });
  });
});
