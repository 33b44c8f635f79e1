import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { LOCAL_SECRET_KEYS } from '@otp/platform';
import { freePort, serviceDir, startService, type ServiceName } from '@otp/platform/launcher';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';

// OTP_ENV=production, the image's and the chart's mode and the one of a service started without
// it (docs/security.md): real service processes refuse to start without their secrets or with a
// value published in the repository, naming the variable and never printing the value, and start
// with secrets of their own.

let platform: TestPlatform;

/** The env the launcher gives `name`, in production mode, with `changes` (undefined: left out). */
async function productionEnv(
  name: ServiceName,
  changes: Record<string, string | undefined>,
): Promise<Record<string, string>> {
  const env: Record<string, string | undefined> = {
    ...platform.envOf(name),
    GRPC_PORT: String(await freePort()),
    PORT: String(await freePort()),
    ADMIN_PORT: String(await freePort()),
    HTTP_PORT: String(await freePort()),
    SMPP_PORT: String(await freePort()),
    OTP_ENV: 'production',
    ...changes,
  };
  // startService runs the service with the test's own environment underneath: a variable left out
  // must be absent there too (an empty value counts as absent).
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value ?? '']));
}

async function refusal(name: ServiceName, changes: Record<string, string | undefined>): Promise<string> {
  try {
    const started = await startService(name, await productionEnv(name, changes), { readyTimeoutMs: 20000 });
    await started.stop();
  } catch (error) {
    return (error as Error).message;
  }
  return assert.fail(`${name} started with ${JSON.stringify(Object.keys(changes))}`);
}

describe('OTP_ENV=production refuses sample and missing secrets at start', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['billing'] });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('verify: VERIFY_CODE_KEY missing or the published local key is refused', async () => {
    const missing = await refusal('verify', { VERIFY_CODE_KEY: undefined });
    assert.match(missing, /exited with 1 before it was ready/);
    assert.match(missing, /VERIFY_CODE_KEY is required when OTP_ENV=production/);

    const sample = await refusal('verify', { VERIFY_CODE_KEY: LOCAL_SECRET_KEYS.verifyCode });
    assert.match(sample, /VERIFY_CODE_KEY holds a sample value published in the repository/);
    assert.ok(!sample.includes(LOCAL_SECRET_KEYS.verifyCode), 'the value is not printed');
  });

  it('the webhook dispatcher and the sandbox start with secrets of their own', async () => {
    const own = {
      WEBHOOK_SECRET_KEY: 'e3'.repeat(32),
      SMPP_PASSWORD: 'a-bind-password',
      MESSENGER_API_TOKEN: 'a-token',
      // The dispatcher's NATS user's: the suite's NATS checks it (a NATS without users takes any).
      NATS_PASSWORD: platform.envOf('webhook-dispatcher').NATS_PASSWORD || 'a-nats-password',
    };
    const sample = await refusal('webhook-dispatcher', { WEBHOOK_SECRET_KEY: LOCAL_SECRET_KEYS.webhookSecret });
    assert.match(sample, /WEBHOOK_SECRET_KEY holds a sample value/);
    assert.ok(!sample.includes(LOCAL_SECRET_KEYS.webhookSecret));
    const sandbox = await refusal('sandbox', { SMPP_PASSWORD: 'sandbox', MESSENGER_API_TOKEN: undefined });
    assert.match(sandbox, /SMPP_PASSWORD holds a sample value/);
    assert.match(sandbox, /MESSENGER_API_TOKEN is required when OTP_ENV=production/);

    for (const name of ['webhook-dispatcher', 'sandbox'] as const) {
      const started = await startService(name, await productionEnv(name, own));
      try {
        assert.ok(Object.values(started.ports).every((port) => port > 0));
        for (const value of Object.values(own)) {
          assert.ok(!started.lines.some((line) => line.includes(value)), `${name} logs a secret`);
        }
      } finally {
        await started.stop();
      }
    }
  });

  it('unset OTP_ENV is production too', async () => {
    const message = await refusal('verify', { OTP_ENV: undefined, VERIFY_CODE_KEY: undefined });
    assert.match(message, /VERIFY_CODE_KEY is required when OTP_ENV=production/);
  });

  it('the other parts: the admin token, the provider token and the SMPP sandbox password', async () => {
    const gateway = await refusal('gateway', { ADMIN_TOKEN: 'dev-admin-token' });
    assert.match(gateway, /ADMIN_TOKEN holds a sample value/);
    assert.ok(!gateway.includes('dev-admin-token'));

    const messenger = await refusal('messenger', { MESSENGER_API_TOKEN: 'sandbox-token' });
    assert.match(messenger, /MESSENGER_API_TOKEN holds a sample value/);
    assert.ok(!messenger.includes('sandbox-token'));

    const sms = await refusal('sms', { SMPP_PASSWORD: undefined });
    assert.match(sms, /SMPP_PASSWORD is required when OTP_ENV=production/);

    // Every part that uses NATS needs its own NATS user's password (or a .creds file).
    const guard = await refusal('guard', { NATS_PASSWORD: undefined });
    assert.match(guard, /NATS_PASSWORD is required when OTP_ENV=production/);
  });

  it('otpctl needs OTP_ADMIN_TOKEN unless OTP_ENV=local', async () => {
    const otpctl = path.join(serviceDir('gateway'), 'dist', 'cli', 'otpctl.js');
    const env = { ...process.env, OTP_ADMIN_TOKEN: '', OTP_ENV: '', OTP_ADMIN_URL: 'http://127.0.0.1:9' };
    await assert.rejects(
      promisify(execFile)(process.execPath, [otpctl, 'projects', 'get', 'prj_x'], { env }),
      (error) => {
        assert.match((error as { stderr: string }).stderr, /set OTP_ADMIN_TOKEN/);
        return true;
      },
    );
    // Local mode falls back to the local run's token: it gets as far as calling the admin API.
    await assert.rejects(
      promisify(execFile)(process.execPath, [otpctl, 'projects', 'get', 'prj_x'], {
        env: { ...env, OTP_ENV: 'local' },
      }),
      (error) => {
        assert.match((error as { stderr: string }).stderr, /cannot reach/);
        return true;
      },
    );
  });
});
