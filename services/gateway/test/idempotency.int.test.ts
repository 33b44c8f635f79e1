import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  eventually,
  ledgerOf,
  netCents,
  cents,
  startTestPlatform,
  type ErrorBody,
  type HttpResponse,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';
import pg from 'pg';

// Idempotency-Key on POST /v1 (docs/api/errors.md): replay, reuse with another body, concurrency, validation,
// per-project scope; against the real services, Postgres and the sandbox.

interface Sms {
  sid: string;
  cost: string;
  status: string;
}
interface Verification {
  sid: string;
  cost: string;
  checks_left: number;
  attempts: { sid: string }[];
}

let platform: TestPlatform;
let db: pg.Client;
let numberSeq = 0;

/** A number no other test uses (never ending 90-97, which the sandbox treats specially). */
function freshNumber(): string {
  numberSeq++;
  return `+447700${String(numberSeq).padStart(4, '0')}00`;
}

/** A project able to send SMS and start verifications (which may fall back to SMS). */
async function smsProject(credit: string | null = '10.00'): Promise<TestProject> {
  const project = await platform.newProject(credit === null ? {} : { credit });
  await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Idem', site: 'example.com' });
  await platform.admin.post(`/projects/${project.id}/sender-ids/Idem/approve`);
  await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'Idem' });
  return project;
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

// Messages and verifications as the API can show them: an intent (accepted, starting) or one
// discarded without being sent is an internal row, never a resource.
const smsTo = (to: string) =>
  count(`SELECT count(*)::int AS n FROM sms.messages WHERE "to" = $1 AND status NOT IN ('accepted', 'discarded')`, [
    to,
  ]);
const codesTo = (to: string) => count('SELECT count(*)::int AS n FROM messenger.codes WHERE "to" = $1', [to]);
const verificationsTo = (to: string) =>
  count(
    `SELECT count(*)::int AS n FROM verify.verifications WHERE to_number = $1 AND status NOT IN ('starting', 'discarded')`,
    [to],
  );

function key(name: string): Record<string, string> {
  return { 'idempotency-key': name };
}

function assertReplayOf<T>(replayed: HttpResponse<T>, first: HttpResponse<T>): void {
  assert.equal(replayed.status, first.status, replayed.text);
  assert.equal(replayed.text, first.text, 'the replay is the first answer, byte for byte');
  assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
  assert.equal(first.headers.get('idempotent-replayed'), null, 'the first answer is not a replay');
}

function assertError(response: HttpResponse<ErrorBody>, status: number, code: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.error.code, code, response.text);
}

describe('Idempotency-Key on POST /v1 (real platform)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'messenger', 'verify', 'gateway'],
      env: { sms: { SMS_RETRY_BASE_MS: '50' } },
    });
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  it('replays an SMS send: same status and body, Idempotent-Replayed, one message, one charge', async () => {
    const project = await smsProject();
    const to = freshNumber();
    const first = await project.api.post<Sms>('/messages/sms', { to, body: 'hello once' }, key('sms-1'));
    assert.equal(first.status, 201, first.text);
    const again = await project.api.post<Sms>('/messages/sms', { body: 'hello once', to }, key('sms-1'));
    assertReplayOf(again, first);
    assert.equal(await smsTo(to), 1);
    const entries = await eventually(
      () => ledgerOf(platform.admin, project.id),
      (all) => all.some((e) => e.reference === first.body.sid && e.kind === 'charge'),
      { what: 'the charge' },
    );
    assert.equal(entries.filter((e) => e.reference === first.body.sid && e.kind === 'charge').length, 1);
    assert.equal(netCents(entries, [first.body.sid]), -cents(first.body.cost));
  });

  it('replays a verification start and a messenger send: one verification, one code, charged once', async () => {
    const project = await smsProject('5.00');
    const to = freshNumber();
    const first = await project.api.post<Verification>('/verifications', { to, metadata: { order: '7' } }, key('v-1'));
    assert.equal(first.status, 201, first.text);
    assertReplayOf(
      await project.api.post<Verification>('/verifications', { to, metadata: { order: '7' } }, key('v-1')),
      first,
    );
    assert.equal(await verificationsTo(to), 1);

    const codeTo = freshNumber();
    const code = await project.api.post<Sms>('/messages/messenger', { to: codeTo }, key('m-1'));
    assert.equal(code.status, 201, code.text);
    assertReplayOf(await project.api.post<Sms>('/messages/messenger', { to: codeTo }, key('m-1')), code);
    assert.equal(await codesTo(codeTo), 1);

    const entries = await ledgerOf(platform.admin, project.id);
    const references = [first.body.sid, ...first.body.attempts.map((a) => a.sid)];
    assert.equal(netCents(entries, references), -cents(first.body.cost), 'the verification is charged its cost once');
    assert.equal(netCents(entries, [code.body.sid]), -cents(code.body.cost), 'the code is charged once');
    const project_ = await project.api.get<{ balance: string }>('/project');
    assert.equal(
      cents(project_.body.balance),
      600 - cents(first.body.cost) - cents(code.body.cost),
      'the balance moved by the two costs only',
    );
  });

  it('replays a code check: a wrong code counts once however often the request is retried', async () => {
    const project = await smsProject();
    const started = await project.api.post<Verification>('/verifications', { to: freshNumber() });
    assert.equal(started.status, 201, started.text);
    const path = `/verifications/${started.body.sid}/check`;
    const first = await project.api.post<Verification>(path, { code: '0000' }, key('check-1'));
    assert.equal(first.status, 200, first.text);
    assertReplayOf(await project.api.post<Verification>(path, { code: '0000' }, key('check-1')), first);
    const now = await project.api.get<Verification>(`/verifications/${started.body.sid}`);
    assert.equal(now.body.checks_left, started.body.checks_left - 1);
  });

  it('refuses the same key with another body (or on another route) with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const project = await smsProject();
    const to = freshNumber();
    const first = await project.api.post<Sms>('/messages/sms', { to, body: 'first' }, key('reuse'));
    assert.equal(first.status, 201, first.text);
    assertError(
      await project.api.post<ErrorBody>('/messages/sms', { to, body: 'second' }, key('reuse')),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    assertError(
      await project.api.post<ErrorBody>('/verifications', { to }, key('reuse')),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    assert.equal(await smsTo(to), 1);
    assert.equal(await verificationsTo(to), 0);
  });

  it('answers one of two concurrent requests with the same key; the other is 409 IN_USE or the replay', async () => {
    const project = await smsProject();
    for (let round = 0; round < 5; round++) {
      const to = freshNumber();
      const both = await Promise.all(
        [0, 1].map(() =>
          project.api.post<Sms & ErrorBody>('/messages/sms', { to, body: 'race' }, key(`race-${round}`)),
        ),
      );
      const created = both.filter((r) => r.status === 201);
      assert.ok(created.length >= 1, both.map((r) => r.text).join(' | '));
      for (const other of both.filter((r) => r.status !== 201)) assertError(other, 409, 'IDEMPOTENCY_KEY_IN_USE');
      if (created.length === 2) {
        assert.equal(created[0]!.body.sid, created[1]!.body.sid);
        assert.ok(created.some((r) => r.headers.get('idempotent-replayed') === 'true'));
      }
      assert.equal(await smsTo(to), 1);
    }
  });

  it('refuses a key that is too long or not printable ASCII with 422 naming the header, and sends nothing', async () => {
    const project = await smsProject();
    const to = freshNumber();
    for (const bad of ['k'.repeat(256), 'caf\u00e9', 'a\tb']) {
      const response = await project.api.post<ErrorBody>('/messages/sms', { to, body: 'x' }, key(bad));
      assertError(response, 422, 'INVALID_REQUEST_BODY');
      assert.match(response.body.error.message, /Idempotency-Key/);
    }
    const longest = await project.api.post<Sms>('/messages/sms', { to, body: 'x' }, key(' ~'.repeat(127) + 'k'));
    assert.equal(longest.status, 201, longest.text);
    assert.equal(await smsTo(to), 1);
  });

  it('changes nothing without the header: two sends are two messages', async () => {
    const project = await smsProject();
    const to = freshNumber();
    const one = await project.api.post<Sms>('/messages/sms', { to, body: 'twice' });
    const two = await project.api.post<Sms>('/messages/sms', { to, body: 'twice' });
    assert.equal(one.status, 201);
    assert.equal(two.status, 201);
    assert.notEqual(one.body.sid, two.body.sid);
    assert.equal(two.headers.get('idempotent-replayed'), null);
    assert.equal(await smsTo(to), 2);
  });

  it('replays a 402 as 402, even after a top-up', async () => {
    // The 1.00 trial credit does not cover 60 segments.
    const project = await smsProject(null);
    const to = freshNumber();
    const body = { to, body: 'x'.repeat(9000) };
    const first = await project.api.post<ErrorBody>('/messages/sms', body, key('poor'));
    assertError(first, 402, 'INSUFFICIENT_BALANCE');
    await platform.admin.post(`/projects/${project.id}/credits`, { amount: '50.00' });
    assertReplayOf(await project.api.post<ErrorBody>('/messages/sms', body, key('poor')), first);
    assert.equal(await smsTo(to), 0);
    const fresh = await project.api.post<Sms>('/messages/sms', body, key('rich'));
    assert.equal(fresh.status, 201, fresh.text);
  });

  it('scopes keys to the project: project B may use the key project A used', async () => {
    const a = await smsProject();
    const b = await smsProject();
    const to = freshNumber();
    const fromA = await a.api.post<Sms>('/messages/sms', { to, body: 'shared key' }, key('shared'));
    const fromB = await b.api.post<Sms>('/messages/sms', { to, body: 'shared key' }, key('shared'));
    assert.equal(fromA.status, 201);
    assert.equal(fromB.status, 201);
    assert.notEqual(fromA.body.sid, fromB.body.sid);
    assert.equal(fromB.headers.get('idempotent-replayed'), null);
    assert.equal(await smsTo(to), 2);
  });

  it('documents the header, its answers and the replay header on every POST in the OpenAPI document', async () => {
    interface Operation {
      parameters?: { name: string; in: string }[];
      responses: Record<string, { headers?: Record<string, unknown> }>;
    }
    const doc = await platform.anonymous.get<{ paths: Record<string, Record<string, Operation>> }>('/openapi.json');
    const posts = Object.entries(doc.body.paths).flatMap(([path, item]) =>
      item.post ? [[path, item.post] as const] : [],
    );
    assert.ok(posts.length >= 5, posts.map(([p]) => p).join(', '));
    for (const [path, post] of posts) {
      assert.ok(
        post.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        `${path}: Idempotency-Key header`,
      );
      assert.ok(post.responses['409'] && post.responses['422'], `${path}: 409 and 422`);
      const success = Object.entries(post.responses).find(([status]) => status.startsWith('2'))![1];
      assert.ok(success.headers?.['Idempotent-Replayed'], `${path}: Idempotent-Replayed`);
      assert.ok(post.responses['503']?.headers?.['Retry-After'], `${path}: Retry-After on 503`);
    }
  });
});
