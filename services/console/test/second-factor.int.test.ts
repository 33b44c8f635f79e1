import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { ADMIN_TOKEN, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { generate } from 'otplib';
import { errorCode, rawRequest, type RawAnswer } from './raw-request.js';
import { enrol, nextCode, type KnownFactor } from './second-factor.js';

// The console's second factor over raw HTTP: no session before the code, each code taken once
// (parallel ones included), codes counted by the sign-in throttle (5 a window, parallel guesses
// included, a password again resetting nothing), operators confined to enrolment until enrolled,
// recovery codes, turning it off, and the CLI's reset for a lost device. The console runs as
// behind the chart's Ingress (one trusted proxy hop): each request names its client address.

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const PASSWORD = 'second-factor-password';

let platform: TestPlatform;

function address(): string {
  return `10.${randomBytes(3).join('.')}`;
}

interface Session {
  cookie: string;
  csrf: string;
}

function post(route: string, body: unknown, from = address(), session?: Session): Promise<RawAnswer> {
  return rawRequest(platform.consoleUrl, 'POST', `/api${route}`, {
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
    },
    body: JSON.stringify(body),
  });
}

function call(session: Session, method: string, route: string, body?: unknown): Promise<RawAnswer> {
  return rawRequest(platform.consoleUrl, method, `/api${route}`, {
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function sessionOf(answer: RawAnswer): Session {
  assert.equal(answer.status, 201, answer.text);
  return {
    cookie: String(answer.headers.get('set-cookie')).split(';')[0]!,
    csrf: (answer.body as { csrf_token: string }).csrf_token,
  };
}

async function createUser(email: string, operator = false): Promise<void> {
  const created = await rawRequest(platform.consoleAdminUrl, 'POST', '/admin/v1/users', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, operator }),
  });
  assert.equal(created.status, 201, created.text);
}

/** The password step of someone enrolled: the pending token, and no cookie. */
async function passwordStep(email: string, from = address()): Promise<string> {
  const answer = await post('/session', { email, password: PASSWORD }, from);
  assert.equal(answer.status, 202, answer.text);
  assert.equal(answer.headers.get('set-cookie'), null, 'no cookie before the second factor');
  return (answer.body as { pending_token: string }).pending_token;
}

/** A person created, signed in and enrolled: their factor. */
async function enrolled(email: string, operator = false): Promise<KnownFactor> {
  await createUser(email, operator);
  return enrol(platform.consoleUrl, sessionOf(await post('/session', { email, password: PASSWORD })));
}

describe('console second factor', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['console'], env: { console: { TRUST_PROXY_HOPS: '1' } } });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('grants no session before the code: the pending token is no session, the code step opens one', async () => {
    const factor = await enrolled('member@example.test');
    const pending = await passwordStep('member@example.test');
    for (const cookie of [`otp_console_session=${pending}`, '']) {
      const asSession = await rawRequest(platform.consoleUrl, 'GET', '/api/session', { headers: { cookie } });
      assert.equal(asSession.status, 401);
    }
    const opened = sessionOf(
      await post('/session/second-factor', { pending_token: pending, code: await nextCode(factor) }),
    );
    const session = await call(opened, 'GET', '/session');
    assert.equal(session.status, 200);
    assert.deepEqual((session.body as { second_factor: unknown }).second_factor, {
      enrolled: true,
      required: false,
      recovery_codes_left: 10,
    });
  });

  it('takes a code once: again, or twice at the same time, only one signs in', async () => {
    const factor = await enrolled('replay@example.test');
    const code = await nextCode(factor);
    sessionOf(await post('/session/second-factor', { pending_token: await passwordStep('replay@example.test'), code }));
    const again = await post('/session/second-factor', {
      pending_token: await passwordStep('replay@example.test'),
      code,
    });
    assert.deepEqual([again.status, errorCode(again)], [401, 'INVALID_CODE']);

    const fresh = await nextCode(factor);
    const tokens = await Promise.all(Array.from({ length: 4 }, () => passwordStep('replay@example.test')));
    const answers = await Promise.all(
      tokens.map((token) => post('/session/second-factor', { pending_token: token, code: fresh })),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 401, 401, 401]);
  });

  it('counts codes like passwords: at most 5 of 40 parallel wrong codes are checked, a password again resets nothing', async () => {
    const factor = await enrolled('guessed@example.test');
    const token = await passwordStep('guessed@example.test');
    // Codes of no step near now: wrong for certain, whenever they arrive.
    const now = Math.floor(Date.now() / 30_000);
    const near = new Set(
      await Promise.all([-2, -1, 0, 1, 2, 3].map((d) => generate({ secret: factor.secret, epoch: (now + d) * 30 }))),
    );
    const wrongCodes = Array.from({ length: 60 }, (_, n) => String(n * 16_661).padStart(6, '0')).filter(
      (c) => !near.has(c),
    );
    const wrong = (n: number) => wrongCodes[n]!;
    for (let n = 0; n < 2; n++) {
      const answer = await post('/session/second-factor', { pending_token: token, code: wrong(n) });
      assert.deepEqual([answer.status, errorCode(answer)], [401, 'INVALID_CODE']);
    }
    // The right password again: no fresh window for the codes.
    const again = await passwordStep('guessed@example.test');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        post('/session/second-factor', { pending_token: again, code: wrong(2 + n) }),
      ),
    );
    const checked = answers.filter((a) => a.status === 401 && errorCode(a) === 'INVALID_CODE').length;
    const throttled = answers.filter((a) => a.status === 429 && Number(a.headers.get('retry-after')) > 0).length;
    assert.equal(checked + throttled, 40, answers.map((a) => a.status).join(','));
    assert.equal(checked, 3, '5 a window: 2 before the password again, 3 after');
    const right = await post('/session/second-factor', { pending_token: again, code: await nextCode(factor) });
    assert.equal(right.status, 429, 'the right code waits for the window too');
  });

  it('refuses a forged or expired pending token without checking the code', async () => {
    const factor = await enrolled('forged@example.test');
    const token = await passwordStep('forged@example.test');
    const [payload] = token.split('.');
    // The same right code each time: refused for the token alone, never used up.
    const code = await nextCode(factor);
    for (const pendingToken of [`${payload}.AAAA`, 'nothing', `${payload}`]) {
      const answer = await post('/session/second-factor', { pending_token: pendingToken, code });
      assert.deepEqual([answer.status, errorCode(answer)], [401, 'SIGN_IN_EXPIRED']);
    }
    sessionOf(await post('/session/second-factor', { pending_token: token, code }));
  });

  it('signs in with a recovery code once', async () => {
    const factor = await enrolled('recovery@example.test');
    const code = factor.recoveryCodes[3]!;
    const opened = sessionOf(
      await post('/session/second-factor', { pending_token: await passwordStep('recovery@example.test'), code }),
    );
    const left = await call(opened, 'GET', '/session');
    assert.equal(
      (left.body as { second_factor: { recovery_codes_left: number } }).second_factor.recovery_codes_left,
      9,
    );
    const again = await post('/session/second-factor', {
      pending_token: await passwordStep('recovery@example.test'),
      code: code.toUpperCase(),
    });
    assert.deepEqual([again.status, errorCode(again)], [401, 'INVALID_CODE']);
  });

  it('confines an operator without a second factor to enrolment, the session and sign-out (403 elsewhere)', async () => {
    await createUser('operator@example.test', true);
    const session = sessionOf(await post('/session', { email: 'operator@example.test', password: PASSWORD }));
    for (const [method, route, body] of [
      ['GET', '/projects', undefined],
      ['GET', '/users', undefined],
      ['POST', '/projects', { name: 'too early' }],
      ['POST', '/password', { current: PASSWORD, next: 'another-password-1' }],
      ['POST', '/second-factor/disable', { code: '123456' }],
    ] as const) {
      const answer = await call(session, method, route, body);
      assert.deepEqual([answer.status, errorCode(answer)], [403, 'SECOND_FACTOR_REQUIRED'], `${method} ${route}`);
    }
    const mine = await call(session, 'GET', '/session');
    assert.equal(mine.status, 200);
    assert.deepEqual((mine.body as { second_factor: unknown }).second_factor, {
      enrolled: false,
      required: true,
      recovery_codes_left: 0,
    });
    const factor = await enrol(platform.consoleUrl, session);
    assert.equal((await call(session, 'GET', '/users')).status, 200, 'enrolled: the same session goes on');
    // Operators keep it: turning it off is refused even with a right code.
    const off = await call(session, 'POST', '/second-factor/disable', { code: await nextCode(factor) });
    assert.deepEqual([off.status, errorCode(off)], [403, 'FORBIDDEN']);
    assert.equal((await call(session, 'DELETE', '/session')).status, 204);
  });

  it('lets a member turn it off with a current code only', async () => {
    await createUser('optional@example.test');
    const first = sessionOf(await post('/session', { email: 'optional@example.test', password: PASSWORD }));
    const factor = await enrol(platform.consoleUrl, first);
    const wrong = await call(first, 'POST', '/second-factor/disable', { code: '000000' });
    assert.deepEqual([wrong.status, errorCode(wrong)], [401, 'INVALID_CODE']);
    assert.equal((await call(first, 'POST', '/second-factor/disable', { code: await nextCode(factor) })).status, 204);
    sessionOf(await post('/session', { email: 'optional@example.test', password: PASSWORD }));
  });

  it('resets a lost device from the CLI: the factor goes, every session ends, the operator enrols again', async () => {
    const factor = await enrolled('lost@example.test', true);
    const session = sessionOf(
      await post('/session/second-factor', {
        pending_token: await passwordStep('lost@example.test'),
        code: await nextCode(factor),
      }),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CLI, 'users', 'reset-2fa', '--email', 'lost@example.test'],
      {
        env: { ...process.env, DATABASE_URL: platform.databaseUrl },
      },
    );
    assert.match(stdout, /lost@example\.test has no second factor now/);
    assert.equal((await call(session, 'GET', '/session')).status, 401, 'the old sessions ended');
    const fresh = sessionOf(await post('/session', { email: 'lost@example.test', password: PASSWORD }));
    const projects = await call(fresh, 'GET', '/projects');
    assert.deepEqual([projects.status, errorCode(projects)], [403, 'SECOND_FACTOR_REQUIRED']);
  });
});
