import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';

// `otpctl users create --operator` in a fresh deployment: the command asks the console's admin
// route (on its admin port, never the public one) with the admin token, and the person it creates
// signs in through the console's login.

const OTPCTL = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'gateway',
  'dist',
  'cli',
  'otpctl.js',
);

let platform: TestPlatform;

async function otpctl(
  args: string[],
  token = 'test-admin-token',
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [OTPCTL, ...args], {
      env: {
        ...process.env,
        OTP_ADMIN_URL: platform.adminUrls[0],
        OTP_CONSOLE_URL: platform.consoleAdminUrl,
        OTP_ADMIN_TOKEN: token,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Signs in through the console's HTTP login; answers the session (`GET /api/session`) or the refusal. */
async function signIn(email: string, password: string) {
  const login = await fetch(`${platform.consoleUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 201) return { status: login.status, body: (await login.json()) as unknown };
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const session = await fetch(`${platform.consoleUrl}/api/session`, { headers: { cookie } });
  return { status: session.status, body: (await session.json()) as { user: { email: string; operator: boolean } } };
}

describe('otpctl users create', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['console'] });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('creates the first operator, who signs in to the console with the password shown once', async () => {
    const created = await otpctl(['users', 'create', '--operator', '--email', 'First@Example.test']);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^operator first@example\.test \(/);
    const password = /^password: (\S+)$/m.exec(created.stdout)?.[1];
    assert.ok(password, 'a generated password is printed');

    const session = await signIn('first@example.test', password);
    assert.equal(session.status, 200);
    const { user } = session.body as { user: { email: string; operator: boolean } };
    assert.deepEqual({ email: user.email, operator: user.operator }, { email: 'first@example.test', operator: true });
  });

  it('keeps a given password to itself and creates a person who is not an operator without --operator', async () => {
    const created = await otpctl([
      '--json',
      'users',
      'create',
      '--email',
      'dev@example.test',
      '--password',
      'a-long-enough-password',
    ]);
    assert.equal(created.code, 0, created.stderr);
    const user = JSON.parse(created.stdout) as { email: string; operator: boolean; password?: string };
    assert.equal(user.operator, false);
    assert.equal(user.password, undefined, 'a given password is never echoed');
    const session = await signIn('dev@example.test', 'a-long-enough-password');
    assert.equal(session.status, 200);
  });

  it('serves the admin route on the admin port only: the public port (behind the Ingress) has no such route', async () => {
    const create = (base: string, email: string) =>
      fetch(`${base}/admin/v1/users`, {
        method: 'POST',
        headers: { authorization: 'Bearer test-admin-token', 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a-long-enough-password', operator: true }),
      });
    const onPublic = await create(platform.consoleUrl, 'public-port@example.test');
    assert.equal(onPublic.status, 404);
    assert.equal(((await onPublic.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
    assert.equal((await signIn('public-port@example.test', 'a-long-enough-password')).status, 401, 'nobody created');

    const onAdmin = await create(platform.consoleAdminUrl, 'admin-port@example.test');
    assert.equal(onAdmin.status, 201);
    assert.equal((await signIn('admin-port@example.test', 'a-long-enough-password')).status, 200);
    // The admin port serves nothing else: not the web app, not /api.
    assert.equal((await fetch(`${platform.consoleAdminUrl}/api/session`)).status, 404);
    assert.equal((await fetch(`${platform.consoleAdminUrl}/`)).status, 404);
  });

  it('refuses a wrong admin token, an email taken and a short password, with the reason', async () => {
    const wrongToken = await otpctl(['users', 'create', '--operator', '--email', 'x@example.test'], 'not-the-token');
    assert.equal(wrongToken.code, 1);
    assert.match(wrongToken.stderr, /INVALID_ADMIN_TOKEN/);
    assert.equal((await signIn('x@example.test', 'whatever-password')).status, 401, 'nobody was created');

    const taken = await otpctl(['users', 'create', '--operator', '--email', 'first@example.test']);
    assert.equal(taken.code, 1);
    assert.match(taken.stderr, /EMAIL_TAKEN/);

    const short = await otpctl(['users', 'create', '--email', 'y@example.test', '--password', 'short']);
    assert.equal(short.code, 1);
    assert.match(short.stderr, /INVALID_REQUEST_BODY: password/);

    const usage = await otpctl(['users', 'create', '--operator']);
    assert.equal(usage.code, 1);
    assert.match(usage.stderr, /missing --email/);
  });
});
