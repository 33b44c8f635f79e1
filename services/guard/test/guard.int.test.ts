import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { Receiver, type Received } from '../../webhook-dispatcher/test/receiver.js';
import {
  ADMIN_TOKEN,
  eventually,
  inboxOf,
  ledgerOf,
  startTestPlatform,
  type ErrorBody,
  type HttpResponse,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// Abuse defence end to end through the REST API: gateway -> guard (one Admit per start) ->
// verify / sms / messenger -> billing, with the real dispatcher delivering fraud events to a local
// receiver. Every refusal is checked to have moved no money (balance and ledger unchanged).

let platform: TestPlatform;
let receiver: Receiver;

const OTPCTL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../gateway/dist/cli/otpctl.js');

async function otpctl(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [OTPCTL, ...args], {
    env: { ...process.env, OTP_ADMIN_URL: platform.adminUrl, OTP_ADMIN_TOKEN: ADMIN_TOKEN },
  });
  return stdout;
}

interface Money {
  balance: string;
  entries: number;
}

async function moneyOf(project: TestProject): Promise<Money> {
  const view = await platform.admin.get<{ balance: string }>(`/projects/${project.id}`);
  assert.equal(view.status, 200, view.text);
  return { balance: view.body.balance, entries: (await ledgerOf(platform.admin, project.id)).length };
}

/** Asserts `refused` answered `status` + `code` and that no money moved meanwhile. */
async function assertRefused(
  project: TestProject,
  refused: () => Promise<HttpResponse<ErrorBody>>,
  status: number,
  code: string,
): Promise<HttpResponse<ErrorBody>> {
  const before = await moneyOf(project);
  const answer = await refused();
  assert.equal(answer.status, status, answer.text);
  assert.equal(answer.body.error.code, code);
  assert.deepEqual(await moneyOf(project), before, 'a refusal moved money');
  return answer;
}

async function fraudSettings(project: TestProject, patch: Record<string, unknown>) {
  const answer = await platform.admin.patch(`/projects/${project.id}/settings/fraud`, patch);
  assert.equal(answer.status, 200, answer.text);
  return answer;
}

/** A project with credit and verify on the messenger channel without SMS fallback (no sender ID needed). */
async function newProject(fraud: Record<string, unknown> = {}): Promise<TestProject> {
  const project = await platform.newProject({ credit: '20.00' });
  const verify = await platform.admin.patch(`/projects/${project.id}/settings/verify`, {
    channel: 'messenger',
    sms_fallback: false,
  });
  assert.equal(verify.status, 200, verify.text);
  if (Object.keys(fraud).length > 0) await fraudSettings(project, fraud);
  return project;
}

const startVerification = (project: TestProject, to: string, extra: Record<string, unknown> = {}) =>
  project.api.post<ErrorBody & { sid: string }>('/verifications', { to, ...extra });
const sendMessenger = (project: TestProject, to: string, extra: Record<string, unknown> = {}) =>
  project.api.post<ErrorBody & { sid: string }>('/messages/messenger', { to, ...extra });
const sendSms = (project: TestProject, to: string) =>
  project.api.post<ErrorBody>('/messages/sms', { to, body: 'hello' });

function signedBy(secret: string, request: Received): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as { type: string; data: Record<string, unknown> };
}

describe('abuse defence (REST API, real guard, billing, channels and dispatcher)', () => {
  beforeAll(async () => {
    receiver = await Receiver.start();
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.stop();
    await receiver?.close();
  });

  it('geo permissions refuse verifications, direct SMS and messenger codes outside the allowed countries', async () => {
    const project = await newProject({ allowed_countries: ['de'] });
    const settings = await platform.admin.get<{ allowed_countries: string[] }>(
      `/projects/${project.id}/settings/fraud`,
    );
    assert.deepEqual(settings.body.allowed_countries, ['DE']);
    await assertRefused(project, () => startVerification(project, '+447700100301'), 403, 'GEO_PERMISSION_DENIED');
    await assertRefused(project, () => sendSms(project, '+447700100302'), 403, 'GEO_PERMISSION_DENIED');
    await assertRefused(project, () => sendMessenger(project, '+447700100303'), 403, 'GEO_PERMISSION_DENIED');
    const allowed = await sendMessenger(project, '+4915112345600');
    assert.equal(allowed.status, 201, allowed.text);
    // null lets every priced country in again; the safe list does not bypass geo permissions.
    await fraudSettings(project, { allowed_countries: ['DE'], safe_numbers: ['+447700100304'] });
    await assertRefused(project, () => sendMessenger(project, '+447700100304'), 403, 'GEO_PERMISSION_DENIED');
    await fraudSettings(project, { allowed_countries: null });
    assert.equal((await sendMessenger(project, '+447700100304')).status, 201);
  });

  it('limits starts per number (verifications and direct sends together) with Retry-After', async () => {
    const project = await newProject({ pending_per_number: null });
    const to = '+447700100411';
    for (let i = 0; i < 3; i++) assert.equal((await sendMessenger(project, to)).status, 201);
    assert.equal((await startVerification(project, to)).status, 201);
    assert.equal((await sendMessenger(project, to)).status, 201);
    const refused = await assertRefused(project, () => sendMessenger(project, to), 429, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 600, `Retry-After ${retryAfter}`);
    await assertRefused(project, () => startVerification(project, to), 429, 'RATE_LIMITED');
    // Another number is untouched.
    assert.equal((await sendMessenger(project, '+447700100412')).status, 201);
  });

  it('refuses a second verification while one to the number is pending (default 1)', async () => {
    const project = await newProject();
    const first = await startVerification(project, '+447700100421');
    assert.equal(first.status, 201, first.text);
    const refused = await assertRefused(
      project,
      () => startVerification(project, '+447700100421'),
      429,
      'RATE_LIMITED',
    );
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  });

  it('a finished verification ends its pending start (the conversion): the next one to the number is admitted', async () => {
    const project = await newProject();
    const to = '+447700100441';
    const first = await startVerification(project, to);
    assert.equal(first.status, 201, first.text);
    await assertRefused(project, () => startVerification(project, to), 429, 'RATE_LIMITED');
    const inbox = await eventually(
      () => inboxOf(platform.sandbox, to),
      (messages) => messages.some((m) => m.code),
      { what: 'the verification code' },
    );
    const checked = await project.api.post<{ status: string }>(`/verifications/${first.body.sid}/check`, {
      code: inbox.find((m) => m.code)!.code,
    });
    assert.equal(checked.body.status, 'approved', checked.text);
    // Guard hears verification.approved on its conversions consumer; only then the start stops
    // counting as pending (for an hour otherwise).
    const next = await eventually(
      () => startVerification(project, to),
      (answer) => answer.status !== 429,
      { what: 'a verification admitted once the first one was approved' },
    );
    assert.equal(next.status, 201, next.text);
  });

  it('limits starts per end-user IP from signals, per project', async () => {
    const project = await newProject({ ip_limit: 2 });
    const signals = { ip: '203.0.113.7', device_id: 'device-1', user_agent: 'Mozilla/5.0' };
    assert.equal((await startVerification(project, '+447700100431', { signals })).status, 201);
    assert.equal((await sendMessenger(project, '+447700100452', { signals })).status, 201);
    const refused = await assertRefused(
      project,
      () => startVerification(project, '+447700100473', { signals }),
      429,
      'RATE_LIMITED',
    );
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    // Another IP, and another project with the same IP, are not limited by it.
    assert.equal((await startVerification(project, '+447700100473', { signals: { ip: '203.0.113.8' } })).status, 201);
    const other = await newProject({ ip_limit: 2 });
    assert.equal((await startVerification(other, '+447700100431', { signals })).status, 201);
  });

  it('limits requests per second per project', async () => {
    const project = await newProject({ project_rps: 1 });
    const answers = await Promise.all(
      ['+447700100501', '+447700100522', '+447700100543', '+447700100564'].map((to) => sendMessenger(project, to)),
    );
    const limited = answers.filter((a) => a.status === 429);
    assert.ok(limited.length >= 1, answers.map((a) => a.status).join(','));
    for (const answer of limited) {
      assert.equal(answer.body.error.code, 'RATE_LIMITED');
      assert.equal(answer.headers.get('retry-after'), '1');
    }
    // Refused starts took no money: only the admitted sends are in the ledger.
    const charged = (await ledgerOf(platform.admin, project.id)).filter((e) => e.kind === 'charge');
    assert.equal(charged.length, answers.length - limited.length);
  });

  it('blocks a prefix under a sequential-number burst, tells the fraud callback, and lifts on DELETE', async () => {
    const project = await newProject({ callback_url: receiver.url('/fraud') });
    const admitted: number[] = [];
    for (let n = 0; n < 4; n++) {
      const answer = await sendMessenger(project, `+44771090060${n}`);
      assert.equal(answer.status, 201, answer.text);
      admitted.push(n);
    }
    await assertRefused(project, () => sendMessenger(project, '+447710900604'), 403, 'FRAUD_SUSPECTED');
    // Any number of the blocked prefix, any kind of start; other prefixes are untouched.
    await assertRefused(project, () => startVerification(project, '+447710123487'), 403, 'FRAUD_SUSPECTED');
    assert.equal((await sendMessenger(project, '+447700123488')).status, 201);

    const blocks = await platform.admin.get<{ blocks: { prefix: string; reason: string; mode: string }[] }>(
      `/projects/${project.id}/fraud/blocks`,
    );
    assert.equal(blocks.status, 200, blocks.text);
    assert.deepEqual(
      blocks.body.blocks.map((b) => [b.prefix, b.reason, b.mode]),
      [['+44771', 'sequential_numbers', 'block']],
    );

    const blocked = await eventually(
      async () => receiver.onPath('/fraud'),
      (got) => got.length >= 1,
      { what: 'the fraud.prefix_blocked webhook' },
    );
    const view = await platform.admin.get<{ webhook_secrets: { secret: string }[] }>(`/projects/${project.id}`);
    const secret = view.body.webhook_secrets[0]!.secret;
    const event = signedBy(secret, blocked[0]!);
    assert.equal(event.type, 'fraud.prefix_blocked');
    assert.equal(event.data.prefix, '+44771');
    assert.equal(event.data.reason, 'sequential_numbers');

    const lifted = await platform.admin.delete(`/projects/${project.id}/fraud/blocks/+44771`);
    assert.equal(lifted.status, 204, lifted.text);
    assert.equal((await platform.admin.delete(`/projects/${project.id}/fraud/blocks/44771`)).status, 404);
    assert.equal((await sendMessenger(project, '+447710900604')).status, 201);
    const unblocked = await eventually(
      async () => receiver.onPath('/fraud').map((r) => signedBy(secret, r)),
      (got) => got.some((e) => e.type === 'fraud.prefix_unblocked'),
      { what: 'the fraud.prefix_unblocked webhook' },
    );
    assert.equal(unblocked.find((e) => e.type === 'fraud.prefix_unblocked')!.data.prefix, '+44771');
    const after = await platform.admin.get<{ blocks: unknown[] }>(`/projects/${project.id}/fraud/blocks`);
    assert.deepEqual(after.body.blocks, []);
  });

  it('monitor mode records the pattern but blocks nothing', async () => {
    const project = await newProject({ pumping_protection: 'monitor' });
    for (let n = 0; n < 7; n++) assert.equal((await sendMessenger(project, `+44771090070${n}`)).status, 201);
    const blocks = await platform.admin.get<{ blocks: { prefix: string; mode: string }[] }>(
      `/projects/${project.id}/fraud/blocks`,
    );
    assert.deepEqual(
      blocks.body.blocks.map((b) => [b.prefix, b.mode]),
      [['+44771', 'monitor']],
    );
  });

  it('safe numbers bypass the detector', async () => {
    const safe = Array.from({ length: 6 }, (_, n) => `+44771090080${n}`);
    const project = await newProject({ safe_numbers: safe });
    for (const to of safe) assert.equal((await sendMessenger(project, to)).status, 201);
    const blocks = await platform.admin.get<{ blocks: unknown[] }>(`/projects/${project.id}/fraud/blocks`);
    assert.deepEqual(blocks.body.blocks, []);
  });

  it('refuses a send that would take the day past daily_spend_limit', async () => {
    const project = await newProject({ daily_spend_limit: '0.05' });
    const settings = await platform.admin.get<{ daily_spend_limit: string }>(`/projects/${project.id}/settings/fraud`);
    assert.equal(settings.body.daily_spend_limit, '0.05');
    assert.equal((await sendMessenger(project, '+447700100901')).status, 201); // 0.02
    assert.equal((await sendMessenger(project, '+447700100932')).status, 201); // 0.04
    await assertRefused(project, () => sendMessenger(project, '+447700100963'), 403, 'SPEND_LIMIT_REACHED');
    await assertRefused(project, () => startVerification(project, '+447700100964'), 403, 'SPEND_LIMIT_REACHED');
    // Raising the limit lets sends through again.
    await fraudSettings(project, { daily_spend_limit: '1.00' });
    assert.equal((await startVerification(project, '+447700100964')).status, 201);
    await fraudSettings(project, { daily_spend_limit: null });
  });

  it('an Idempotency-Key replay is not counted twice', async () => {
    const project = await newProject({ pending_per_number: null, number_limit: 2 });
    const to = '+447700101011';
    for (let i = 0; i < 4; i++) {
      const answer = await project.api.post('/messages/messenger', { to }, { 'idempotency-key': 'same-send' });
      assert.equal(answer.status, 201, answer.text);
    }
    assert.equal((await sendMessenger(project, to)).status, 201);
    await assertRefused(project, () => sendMessenger(project, to), 429, 'RATE_LIMITED');
  });

  it('validates signals and never shows them, nor to other projects', async () => {
    const project = await newProject();
    const bad = await startVerification(project, '+447700101101', { signals: { ip: 'not-an-ip', colour: 'red' } });
    assert.equal(bad.status, 422, bad.text);
    assert.equal(bad.body.error.code, 'INVALID_REQUEST_BODY');
    assert.match(bad.body.error.message, /signals\.ip/);
    assert.match(bad.body.error.message, /signals\.colour/);
    const badMessenger = await sendMessenger(project, '+447700101101', { signals: { device_id: 'has spaces' } });
    assert.equal(badMessenger.status, 422);
    assert.match(badMessenger.body.error.message, /signals\.device_id/);

    const signals = { ip: '2001:db8::1', device_id: 'dev-42', user_agent: 'App/1.0' };
    const started = await startVerification(project, '+447700101102', { signals });
    assert.equal(started.status, 201, started.text);
    assert.ok(!started.text.includes('dev-42') && !started.text.includes('2001:db8::1'));
    const read = await project.api.get(`/verifications/${started.body.sid}`);
    assert.ok(!read.text.includes('dev-42') && !read.text.includes('signals'));
    const other = await newProject();
    assert.equal((await other.api.get(`/verifications/${started.body.sid}`)).status, 404);
  });

  it('invalid fraud settings are 422 naming each field', async () => {
    const project = await newProject();
    const answer = await platform.admin.patch<ErrorBody>(`/projects/${project.id}/settings/fraud`, {
      allowed_countries: ['GBR'],
      number_limit: 0,
      pumping_protection: 'maybe',
      daily_spend_limit: '5',
      safe_numbers: ['12345'],
      surprise: true,
    });
    assert.equal(answer.status, 422, answer.text);
    assert.equal(answer.body.error.code, 'INVALID_REQUEST_BODY');
    for (const field of [
      'allowed_countries.0',
      'number_limit',
      'pumping_protection',
      'daily_spend_limit',
      'safe_numbers.0',
      'surprise',
    ]) {
      assert.ok(answer.body.error.message.includes(`${field}:`), `${field} in ${answer.body.error.message}`);
    }
    const unchanged = await platform.admin.get<{ number_limit: number; pumping_protection: string }>(
      `/projects/${project.id}/settings/fraud`,
    );
    assert.equal(unchanged.body.number_limit, 5);
    assert.equal(unchanged.body.pumping_protection, 'block');
    assert.equal((await platform.admin.get(`/projects/${project.id}/fraud/blocks`)).status, 200);
    assert.equal((await platform.admin.delete(`/projects/${project.id}/fraud/blocks/abc`)).status, 422);
  });

  it('otpctl shows and changes fraud settings, lists and lifts blocks', async () => {
    const project = await newProject();
    const changed = JSON.parse(
      await otpctl(
        '--json',
        'settings',
        'fraud',
        project.id,
        '--allowed-countries',
        'GB,DE',
        '--ip-limit',
        'off',
        '--daily-spend-limit',
        '3.00',
        '--pumping-protection',
        'block',
      ),
    ) as { allowed_countries: string[]; ip_limit: number | null; daily_spend_limit: string };
    assert.deepEqual(changed.allowed_countries, ['GB', 'DE']);
    assert.equal(changed.ip_limit, null);
    assert.equal(changed.daily_spend_limit, '3.00');
    assert.match(await otpctl('settings', 'fraud', project.id), /allowed countries GB, DE/);
    for (let n = 0; n < 5; n++) await sendMessenger(project, `+44771090090${n}`);
    assert.match(await otpctl('fraud', 'blocks', project.id), /\+44771 {2}block {2}sequential_numbers/);
    assert.match(await otpctl('fraud', 'unblock', project.id, '+44771'), /lifted/);
    assert.match(await otpctl('fraud', 'blocks', project.id), /no blocked prefixes/);
  });

  it('fails closed: with guard down a start is 503 and moves no money; it works again once guard is back', async () => {
    const project = await newProject();
    await platform.services.get('guard')!.stop();
    const answer = await assertRefused(
      project,
      () => sendMessenger(project, '+447700123999'),
      503,
      'SERVICE_UNAVAILABLE',
    );
    assert.ok(Number(answer.headers.get('retry-after')) >= 1);
    await platform.restart('guard');
    const started = await eventually(
      () => sendMessenger(project, '+447700123999'),
      (r) => r.status !== 503,
      { what: 'a start once guard is back' },
    );
    assert.equal(started.status, 201, started.text);
  });
});
