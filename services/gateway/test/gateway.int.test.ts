import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createGrpcClient, type PromiseClient } from '@otp/platform';
import { freePort, startService } from '@otp/platform/launcher';
import { loadBillingProto, type BillingClient } from '@otp/proto';
import {
  ADMIN_TOKEN,
  eventually,
  JsonClient,
  request,
  startTestPlatform,
  type ErrorBody,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

const OTPCTL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli', 'otpctl.js');
const run = promisify(execFile);

interface ProjectBody {
  id: string;
  name: string;
  balance: string;
  currency: string;
  created_at: string;
  ip_allowlist: { enabled: boolean; cidrs: string[] };
}

let platform: TestPlatform;
let billing: PromiseClient<BillingClient>;
let v4: string; // public API reached from 127.0.0.1 (not a trusted proxy)
let v6: string; // public API reached from ::1 (the trusted proxy in this suite)

function get(base: string, key: string | undefined, headers: Record<string, string> = {}) {
  return request<ProjectBody & ErrorBody>('GET', `${base}/v1/project`, {
    headers: { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers },
  });
}

function assertError(response: { status: number; body: ErrorBody; text: string }, status: number, code: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body?.error?.code, code, response.text);
  assert.equal(typeof response.body.error.message, 'string');
  assert.ok(!/\bat .*\.(js|ts):\d+/.test(response.text), 'no stack trace in a response');
}

async function otpctl(...args: string[]) {
  return run(process.execPath, [OTPCTL, ...args], {
    env: { ...process.env, OTP_ADMIN_URL: platform.adminUrl, OTP_ADMIN_TOKEN: ADMIN_TOKEN },
  });
}

describe('gateway: public edge, admin API and otpctl (real gateway + billing, real Postgres)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['billing', 'gateway'],
      // Dual-stack so a test can come from ::1; ::1 plays the reverse proxy whose header is believed.
      env: { gateway: { HOST: '::', TRUSTED_PROXIES: '::1' } },
    });
    billing = createGrpcClient(loadBillingProto().otp.billing.v1.Billing, `127.0.0.1:${platform.ports.billing}`, 10000);
    v4 = `http://127.0.0.1:${platform.ports.gateway}`;
    v6 = `http://[::1]:${platform.ports.gateway}`;
  });
  afterAll(async () => {
    billing?.close();
    await platform?.stop();
  });

  describe('authentication', () => {
    let project: TestProject;
    beforeAll(async () => {
      project = await platform.newProject({ name: 'auth' });
    });

    it('answers 401 MISSING_API_KEY without a key or with an empty header', async () => {
      assertError(await get(v4, undefined), 401, 'MISSING_API_KEY');
      assertError(await get(v4, undefined, { authorization: '' }), 401, 'MISSING_API_KEY');
      assertError(await get(v4, undefined, { authorization: 'Bearer ' }), 401, 'MISSING_API_KEY');
    });

    it('answers 401 INVALID_API_KEY for malformed and unknown keys', async () => {
      assertError(await get(v4, undefined, { authorization: 'Basic dXNlcjpwYXNz' }), 401, 'INVALID_API_KEY');
      assertError(await get(v4, 'not-a-key'), 401, 'INVALID_API_KEY');
      assertError(await get(v4, `otp_live_${'0'.repeat(48)}`), 401, 'INVALID_API_KEY');
    });

    it('stops a revoked key at once, even right after it was used', async () => {
      const created = await platform.admin.post<{ id: string; key: string }>(`/projects/${project.id}/api-keys`, {
        name: 'short-lived',
      });
      assert.equal(created.status, 201);
      assert.match(created.body.key, /^otp_live_/);
      assert.equal((await get(v4, created.body.key)).status, 200);
      const revoked = await platform.admin.delete(`/projects/${project.id}/api-keys/${created.body.id}`);
      assert.equal(revoked.status, 204);
      assertError(await get(v4, created.body.key), 401, 'INVALID_API_KEY');
      // The project's other key still works.
      assert.equal((await project.api.get('/project')).status, 200);
      assertError(
        await platform.admin.delete(`/projects/${project.id}/api-keys/${created.body.id}`),
        404,
        'API_KEY_NOT_FOUND',
      );
    });

    it('shows each key its own project only', async () => {
      const a = await platform.newProject({ name: 'project A' });
      const b = await platform.newProject({ name: 'project B', credit: '2.50' });
      const seenByB = await b.api.get<ProjectBody>('/project');
      assert.equal(seenByB.status, 200);
      assert.equal(seenByB.body.id, b.id);
      assert.equal(seenByB.body.name, 'project B');
      assert.equal(seenByB.body.balance, '3.50');
      const seenByA = await a.api.get<ProjectBody>('/project');
      assert.equal(seenByA.body.id, a.id);
      assert.equal(seenByA.body.balance, '1.00');
      // B's key cannot revoke A's key: keys are looked up within the project named in the path.
      const keyOfA = await platform.admin.post<{ id: string }>(`/projects/${a.id}/api-keys`, { name: 'second' });
      assertError(
        await platform.admin.delete(`/projects/${b.id}/api-keys/${keyOfA.body.id}`),
        404,
        'API_KEY_NOT_FOUND',
      );
    });

    it('stops a revoked key on every gateway replica, not only the one that revoked it', async () => {
      const replica = await startService('gateway', {
        ...platform.envOf('gateway'),
        PORT: String(await freePort()),
        ADMIN_PORT: String(await freePort()),
      });
      try {
        const other = `http://127.0.0.1:${replica.ports.http}`;
        const created = await platform.admin.post<{ id: string; key: string }>(`/projects/${project.id}/api-keys`, {
          name: 'replicated',
        });
        // Used once on the replica: its owner is now in that replica's cache.
        assert.equal((await get(other, created.body.key)).status, 200);
        assert.equal((await platform.admin.delete(`/projects/${project.id}/api-keys/${created.body.id}`)).status, 204);
        const after = await eventually(
          () => get(other, created.body.key),
          (response) => response.status !== 200,
          { timeoutMs: 3000, intervalMs: 20, what: 'the replica to refuse the revoked key' },
        );
        assertError(after, 401, 'INVALID_API_KEY');
      } finally {
        await replica.stop();
      }
    });

    it('echoes a sane x-request-id and makes one up otherwise', async () => {
      const given = await get(v4, project.key, { 'x-request-id': 'req-123.abc' });
      assert.equal(given.headers.get('x-request-id'), 'req-123.abc');
      const replaced = await get(v4, project.key, { 'x-request-id': 'bad id with spaces' });
      assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    });
  });

  describe('IP allowlist and client address', () => {
    let project: TestProject;
    const allow = (enabled: boolean, cidrs: string[]) =>
      platform.admin.put<ErrorBody & { enabled: boolean; cidrs: string[] }>(`/projects/${project.id}/ip-allowlist`, {
        enabled,
        cidrs,
      });
    beforeAll(async () => {
      project = await platform.newProject({ name: 'allowlist' });
    });

    it('admits only the listed family and range, and applies changes at once', async () => {
      assert.equal((await get(v4, project.key)).status, 200);
      assert.equal((await get(v6, project.key)).status, 200);

      const v4Only = await allow(true, ['127.0.0.0/8']);
      assert.deepEqual(v4Only.body, { enabled: true, cidrs: ['127.0.0.0/8'] });
      assert.equal((await get(v4, project.key)).status, 200);
      assertError(await get(v6, project.key), 403, 'IP_NOT_ALLOWED');

      await allow(true, ['::1/128']);
      assertError(await get(v4, project.key), 403, 'IP_NOT_ALLOWED');
      assert.equal((await get(v6, project.key)).status, 200);

      await allow(false, ['::1/128']);
      assert.equal((await get(v4, project.key)).status, 200);
      const shown = await platform.admin.get<ProjectBody>(`/projects/${project.id}`);
      assert.deepEqual(shown.body.ip_allowlist, { enabled: false, cidrs: ['::1/128'] });
    });

    it('believes X-Forwarded-For only from a trusted proxy, right-most untrusted entry', async () => {
      await allow(true, ['198.51.100.0/24']);
      // 127.0.0.1 is not a trusted proxy: its header is a spoof and the socket address counts.
      assertError(await get(v4, project.key, { 'x-forwarded-for': '198.51.100.7' }), 403, 'IP_NOT_ALLOWED');
      // ::1 is trusted: the client is the address it forwarded.
      assert.equal((await get(v6, project.key, { 'x-forwarded-for': '198.51.100.7' })).status, 200);
      // A client-written entry left of the real one is ignored.
      assertError(
        await get(v6, project.key, { 'x-forwarded-for': '198.51.100.7, 203.0.113.1' }),
        403,
        'IP_NOT_ALLOWED',
      );
      await allow(false, []);
    });

    it('refuses an invalid entry with 422 naming it', async () => {
      const response = await allow(true, ['10.0.0.0/8', '10.0.0.0/40', 'example.com']);
      assertError(response, 422, 'INVALID_REQUEST_BODY');
      assert.match(response.body.error.message, /cidrs\.1: /);
      assert.match(response.body.error.message, /cidrs\.2: /);
      assert.doesNotMatch(response.body.error.message, /cidrs\.0/);
    });
  });

  describe('bad input never yields a 500', () => {
    let project: TestProject;
    beforeAll(async () => {
      project = await platform.newProject({ name: 'input' });
    });
    const post = (base: string, pathname: string, rawBody: string, headers: Record<string, string> = {}) =>
      request<ErrorBody>('POST', base + pathname, {
        rawBody,
        headers: { authorization: `Bearer ${project.key}`, ...headers },
      });

    it('answers 400 INVALID_JSON for an unparsable body', async () => {
      assertError(await post(v4, '/v1/project', '{"to": '), 400, 'INVALID_JSON');
      const admin = await request<ErrorBody>('POST', `${platform.adminUrl}/admin/v1/projects`, {
        rawBody: '{name',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assertError(admin, 400, 'INVALID_JSON');
    });

    it('answers 413 in the envelope for a body over the limit', async () => {
      const huge = JSON.stringify({ to: '+447700900123', body: 'x'.repeat(200_000) });
      assertError(await post(v4, '/v1/project', huge), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers 415 for a body that is not JSON', async () => {
      assertError(
        await post(v4, '/v1/project', 'to=+447700900123', { 'content-type': 'application/x-www-form-urlencoded' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });

    it('answers 422 naming unknown fields and wrongly typed ones', async () => {
      const unknown = await platform.admin.post<ErrorBody>('/projects', { name: 'x', colour: 'red' });
      assertError(unknown, 422, 'INVALID_REQUEST_BODY');
      assert.match(unknown.body.error.message, /colour: unknown field/);
      const wrongType = await platform.admin.post<ErrorBody>('/projects', { name: 42, credit: 5 });
      assertError(wrongType, 422, 'INVALID_REQUEST_BODY');
      assert.match(wrongType.body.error.message, /name: /);
      assert.match(wrongType.body.error.message, /credit: /);
      const missing = await platform.admin.post<ErrorBody>('/projects', {});
      assert.match(missing.body.error.message, /name: /);
    });

    it('answers 404 NOT_FOUND for unknown routes and 405 with Allow for wrong methods', async () => {
      assertError(
        await request<ErrorBody>('GET', `${v4}/v1/nothing-here`, {
          headers: { authorization: `Bearer ${project.key}` },
        }),
        404,
        'NOT_FOUND',
      );
      assertError(await request<ErrorBody>('GET', `${v4}/elsewhere`), 404, 'NOT_FOUND');
      const wrong = await post(v4, '/v1/project', '{}');
      assertError(wrong, 405, 'METHOD_NOT_ALLOWED');
      assert.match(wrong.headers.get('allow') ?? '', /GET/);
      const adminWrong = await request<ErrorBody>('DELETE', `${platform.adminUrl}/admin/v1/projects`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assertError(adminWrong, 405, 'METHOD_NOT_ALLOWED');
      assert.equal(adminWrong.headers.get('allow'), 'GET, HEAD, POST');
      assertError(
        await platform.admin.get<ErrorBody>('/projects/prj_000000000000000000000000'),
        404,
        'PROJECT_NOT_FOUND',
      );
      // A broken escape is refused as a path before any route (request-paths.int.test.ts has the rest).
      assertError(await platform.admin.get<ErrorBody>('/projects/%E0%A4%A'), 400, 'INVALID_PATH');
    });

    it('refuses the admin API without the admin token', async () => {
      assertError(
        await new JsonClient(`${platform.adminUrl}/admin/v1`).get<ErrorBody>('/sms-rates'),
        401,
        'INVALID_ADMIN_TOKEN',
      );
      assertError(
        await new JsonClient(`${platform.adminUrl}/admin/v1`, project.key).get<ErrorBody>('/sms-rates'),
        401,
        'INVALID_ADMIN_TOKEN',
      );
    });
  });

  describe('admin API', () => {
    it('creates projects with the 1.00 trial credit plus the credit asked for', async () => {
      const created = await platform.admin.post<ProjectBody>('/projects', { name: 'shop', credit: '4.5' });
      assert.equal(created.status, 201);
      assert.match(created.body.id, /^prj_[a-f0-9]{24}$/);
      assert.equal(created.body.balance, '5.50');
      const shown = await platform.admin.get<ProjectBody & { settings: Record<string, unknown>; sender_ids: unknown }>(
        `/projects/${created.body.id}`,
      );
      assert.equal(shown.status, 200);
      assert.equal(shown.body.balance, '5.50');
      assert.deepEqual(shown.body.ip_allowlist, { enabled: false, cidrs: [] });
      // Verify, messenger and sms are not running in this suite: their parts are null, not a failure.
      // Guard runs wherever the gateway does (it is asked before every start): its defaults show.
      const { fraud, ...others } = shown.body.settings;
      assert.deepEqual(others, { verify: null, messenger: null, sms: null });
      assert.equal((fraud as { pumping_protection: string }).pumping_protection, 'block');
      assert.equal(shown.body.sender_ids, null);
    });

    it("lists projects, and a project's API keys by name and hint, never the key", async () => {
      const project = await platform.newProject({ name: 'listed' });
      const projects = await platform.admin.get<{ projects: { id: string; name: string }[] }>('/projects');
      assert.equal(projects.status, 200);
      assert.ok(projects.body.projects.some((p) => p.id === project.id && p.name === 'listed'));
      const keys = await platform.admin.get<{ api_keys: { name: string; hint: string; revoked_at: string | null }[] }>(
        `/projects/${project.id}/api-keys`,
      );
      assert.equal(keys.status, 200);
      assert.equal(keys.body.api_keys.length, 1);
      assert.equal(keys.body.api_keys[0]!.name, 'test');
      assert.equal(keys.body.api_keys[0]!.revoked_at, null);
      assert.ok(!keys.text.includes(project.key));
    });

    it('adds credits once per Idempotency-Key and lists the ledger newest first with signed amounts', async () => {
      const project = await platform.newProject({ name: 'ledger' });
      const first = await platform.admin.post<{ balance: string }>(
        `/projects/${project.id}/credits`,
        { amount: '5.00', note: 'invoice 7' },
        { 'idempotency-key': 'inv-7' },
      );
      assert.equal(first.status, 200);
      assert.deepEqual(first.body, { balance: '6.00' });
      const retried = await platform.admin.post<{ balance: string }>(
        `/projects/${project.id}/credits`,
        { amount: '5.00', note: 'invoice 7' },
        { 'idempotency-key': 'inv-7' },
      );
      assert.deepEqual(retried.body, { balance: '6.00' });
      const other = await platform.admin.post<{ balance: string }>(`/projects/${project.id}/credits`, {
        amount: '0.25',
      });
      assert.deepEqual(other.body, { balance: '6.25' });
      await billing.Charge({
        project_id: project.id,
        amount_cents: 5,
        idempotency_key: `TG${'1'.repeat(24)}:charge`,
        reference: `TG${'1'.repeat(24)}`,
      });

      const ledger = await platform.admin.get<{ entries: { kind: string; amount: string; balance: string }[] }>(
        `/projects/${project.id}/ledger`,
      );
      assert.equal(ledger.status, 200);
      assert.deepEqual(
        ledger.body.entries.map((e) => [e.amount, e.balance]),
        [
          ['-0.05', '6.20'],
          ['0.25', '6.25'],
          ['5.00', '6.00'],
          ['1.00', '1.00'],
        ],
      );
      assertError(
        await platform.admin.post<ErrorBody>(`/projects/${project.id}/credits`, { amount: '-1' }),
        422,
        'INVALID_REQUEST_BODY',
      );
      assertError(
        await platform.admin.post<ErrorBody>(`/projects/${project.id}/credits`, { amount: '0.00' }),
        422,
        'INVALID_REQUEST_BODY',
      );
      assertError(
        await platform.admin.get<ErrorBody>(`/projects/${project.id}/ledger?limit=0`),
        422,
        'INVALID_REQUEST_BODY',
      );
    });

    it('lists the SMS rate card with prices per segment', async () => {
      const card = await platform.admin.get<{
        rates: { country: string; mcc_mnc: string; price: string; prefixes: string[] }[];
      }>('/sms-rates');
      assert.equal(card.status, 200);
      assert.ok(card.body.rates.length > 0);
      for (const rate of card.body.rates) assert.match(rate.price, /^\d+\.\d{2}$/);
    });

    it('is ready on both ports once database and billing answer', async () => {
      for (const base of [v4, platform.adminUrl]) {
        assert.equal((await request('GET', `${base}/healthz`)).status, 200);
        assert.deepEqual((await request('GET', `${base}/readyz`)).body, { status: 'ready' });
      }
    });
  });

  it('publishes a valid OpenAPI 3.1 document', async () => {
    const doc = await request<{
      openapi: string;
      info: { version: string };
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
    }>('GET', `${v4}/v1/openapi.json`);
    assert.equal(doc.status, 200);
    assert.equal(doc.body.openapi, '3.1.0');
    assert.equal(doc.body.info.version, '1.0.0');
    assert.ok(doc.body.paths['/project']);
    assert.deepEqual(doc.body.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      description: 'A project API key (`otp_live_...`).',
    });
    assert.ok(doc.body.components.schemas.Error);
  });

  it('otpctl creates a project and a key that works on /v1/project', async () => {
    const created = JSON.parse(
      (await otpctl('--json', 'projects', 'create', 'cli project', '--credit', '2.00')).stdout,
    ) as ProjectBody;
    assert.equal(created.balance, '3.00');
    const key = JSON.parse((await otpctl('api-keys', 'create', created.id, '--name', 'ci', '--json')).stdout) as {
      key: string;
    };
    const seen = await get(v4, key.key);
    assert.equal(seen.status, 200);
    assert.equal(seen.body.id, created.id);
    assert.equal(seen.body.name, 'cli project');

    const topUp = await otpctl('credits', 'add', created.id, '1.50', '--idempotency-key', 'cli-1');
    assert.match(topUp.stdout, /balance 4\.50 USD/);
    const ledger = await otpctl('ledger', created.id);
    assert.match(ledger.stdout.split('\n')[0] ?? '', /1\.50/);

    await assert.rejects(
      otpctl('projects', 'get', 'prj_000000000000000000000000'),
      (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 1);
        assert.match(error.stderr, /PROJECT_NOT_FOUND/);
        return true;
      },
    );
    await assert.rejects(
      otpctl('projects', 'fly'),
      (error: { code: number; stderr: string }) => error.code === 2 && /unknown command/.test(error.stderr),
    );
  });
});
