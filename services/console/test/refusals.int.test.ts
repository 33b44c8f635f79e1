import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { ADMIN_TOKEN, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { errorCode, rawRequest, type RawAnswer } from './raw-request.js';
import { enrol } from './second-factor.js';

// The console's refusals that tell nothing and cost nothing: sign-in guesses counted before any
// password is checked (per email and per client address, parallel ones included), one answer for
// adding a member whether or not the email has a console user, and bodies that cannot be read
// refused as the client's mistake. The console runs as behind the chart's Ingress (one trusted
// proxy hop), so each request names its client address in X-Forwarded-For.

let platform: TestPlatform;
const lines: string[] = [];
const PASSWORD = 'the-right-password';

/** A distinct client address per call, unless one is given. */
function address(): string {
  return `10.${randomBytes(3).join('.')}`;
}

function signIn(email: string, password: string, from = address()): Promise<RawAnswer> {
  return rawRequest(platform.consoleUrl, 'POST', '/api/session', {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });
}

async function createUser(email: string, operator = false): Promise<void> {
  const created = await rawRequest(platform.consoleAdminUrl, 'POST', '/admin/v1/users', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, operator }),
  });
  assert.equal(created.status, 201, created.text);
}

/** A signed-in caller: its cookie and CSRF token on every request (an operator enrolled first: required). */
async function session(email: string, operator = false) {
  const opened = await signIn(email, PASSWORD);
  assert.equal(opened.status, 201, opened.text);
  const cookie = String(opened.headers.get('set-cookie')).split(';')[0]!;
  const csrf = (opened.body as { csrf_token: string }).csrf_token;
  if (operator) await enrol(platform.consoleUrl, { cookie, csrf });
  return (method: string, path: string, body?: unknown) =>
    rawRequest(platform.consoleUrl, method, path, {
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** How many of `answers` had their password checked (401), and that every other one was throttled. */
function checkedOf(answers: RawAnswer[]): number {
  const checked = answers.filter((a) => a.status === 401 && errorCode(a) === 'INVALID_CREDENTIALS').length;
  const throttled = answers.filter((a) => a.status === 429 && Number(a.headers.get('retry-after')) > 0).length;
  assert.equal(checked + throttled, answers.length, answers.map((a) => a.status).join(','));
  return checked;
}

describe('console refusals', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['console'],
      env: { console: { TRUST_PROXY_HOPS: '1' } },
      onLine: (_name, line) => lines.push(line),
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  describe('sign-in throttle (5 attempts a window)', () => {
    it('checks at most 5 of 40 parallel wrong passwords for one email; the right one then waits too', async () => {
      await createUser('guessed@example.test');
      const answers = await Promise.all(Array.from({ length: 40 }, () => signIn('guessed@example.test', 'wrong')));
      assert.equal(checkedOf(answers), 5);
      const right = await signIn('guessed@example.test', PASSWORD);
      assert.equal(right.status, 429, 'a right password does not open a full window');
      assert.ok(Number(right.headers.get('retry-after')) > 60, 'refused until the window ends');
    });

    it('checks at most 5 of 40 parallel wrong sign-ins from one address, whatever the emails', async () => {
      await createUser('neighbour@example.test');
      const from = address();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) => signIn(`nobody-${n}@example.test`, 'wrong', from)),
      );
      assert.equal(checkedOf(answers), 5);
      assert.equal((await signIn('neighbour@example.test', PASSWORD, from)).status, 429);
      assert.equal((await signIn('neighbour@example.test', PASSWORD)).status, 201, 'another address signs in');
    });

    it('a right password in time clears the email and does not count against the address', async () => {
      await createUser('forgetful@example.test');
      const from = address();
      for (let n = 0; n < 4; n++) assert.equal((await signIn('forgetful@example.test', 'wrong', from)).status, 401);
      assert.equal((await signIn('forgetful@example.test', PASSWORD, from)).status, 201);
      // The email starts again; the address holds its 4 failures, so one more is checked, not five.
      assert.equal((await signIn('forgetful@example.test', 'wrong')).status, 401);
      assert.equal((await signIn('forgetful@example.test', 'wrong', from)).status, 401);
      assert.equal((await signIn('forgetful@example.test', 'wrong', from)).status, 429);
    });
  });

  describe('adding a member', () => {
    it('answers the same whether or not the email has a console user, and the trail does not tell', async () => {
      const project = `prj_${randomBytes(12).toString('hex')}`;
      await createUser('operator@example.test', true);
      await createUser('owner@example.test');
      await createUser('colleague@example.test');
      const operator = await session('operator@example.test', true);
      assert.equal(
        (await operator('POST', `/api/projects/${project}/members`, { email: 'owner@example.test', role: 'owner' }))
          .status,
        204,
      );
      const owner = await session('owner@example.test');
      const known = await owner('POST', `/api/projects/${project}/members`, {
        email: 'colleague@example.test',
        role: 'viewer',
      });
      const unknown = await owner('POST', `/api/projects/${project}/members`, {
        email: 'stranger@example.test',
        role: 'viewer',
      });
      assert.deepEqual([unknown.status, unknown.text], [known.status, known.text]);
      assert.equal(known.status, 204);
      const trail = await owner('GET', `/api/projects/${project}/audit`);
      assert.equal(trail.status, 200);
      assert.doesNotMatch(trail.text, /stranger/);
    });
  });

  describe('bodies that cannot be read', () => {
    const json = Buffer.from(JSON.stringify({ email: 'a@example.test', password: 'whatever-it-is' }));
    const bad: [string, Buffer][] = [
      ['gzip', json],
      ['deflate', json],
      ['br', json],
      ['gzip', gzipSync(json).subarray(0, 12)],
      ['deflate', deflateSync(json).subarray(0, 6)],
      ['br', brotliCompressSync(json).subarray(0, 6)],
    ];

    it('a body its Content-Encoding does not match is a 400 (not a 500), with no stack in the log', async () => {
      const before = lines.length;
      for (const [encoding, body] of bad) {
        for (const path of ['/api/session', '/api/projects']) {
          const answer = await rawRequest(platform.consoleUrl, 'POST', path, {
            headers: { 'content-type': 'application/json', 'content-encoding': encoding },
            body,
          });
          assert.equal(answer.status, 400, `${encoding} ${path}: ${answer.text}`);
          assert.equal(errorCode(answer), 'INVALID_JSON', `${encoding} ${path}`);
        }
        const admin = await rawRequest(platform.consoleAdminUrl, 'POST', '/admin/v1/users', {
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body,
        });
        assert.equal(admin.status, 400, `${encoding} admin port`);
      }
      const logged = lines.slice(before).filter((line) => /"level":"(error|fatal)"|\n\s+at /.test(line));
      assert.deepEqual(logged, []);
    });

    it('an encoding it cannot read is a 415, and a body that inflates past the limit a 413', async () => {
      const unknown = await rawRequest(platform.consoleUrl, 'POST', '/api/session', {
        headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' },
        body: json,
      });
      assert.deepEqual([unknown.status, errorCode(unknown)], [415, 'UNSUPPORTED_MEDIA_TYPE']);
      const bomb = await rawRequest(platform.consoleUrl, 'POST', '/api/session', {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(Buffer.alloc(10_000_000, 32)),
      });
      assert.deepEqual([bomb.status, errorCode(bomb)], [413, 'PAYLOAD_TOO_LARGE']);
    });
  });
});
