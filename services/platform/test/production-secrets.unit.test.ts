import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { z } from 'zod';
import { busAccess, busConfig } from '../src/bus/access.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { LOCAL_ADMIN_TOKEN, SAMPLE_SECRETS, secret } from '../src/secrets/production-secrets.js';
import { LOCAL_SECRET_KEYS, secretKeyHex } from '../src/secrets/sealed-box.js';

// The one rule of OTP_ENV (docs/security.md): production (also unset) requires every secret and
// refuses the repository's sample values, naming the variable and never showing the value.

const schema = z.object({
  SEAL_KEY: secret(secretKeyHex, { localDefault: LOCAL_SECRET_KEYS.verifyCode }),
  TOKEN: secret(z.string().min(1), { localDefault: 'sandbox-token' }),
  BIND_PASSWORD: secret(z.string(), { localDefault: 'sandbox', unusedWith: 'BINDS_FILE' }),
  BINDS_FILE: z.string().optional(),
  ADMIN: secret(z.string().min(12)),
  PLAIN: z.string().default('not a secret'),
});

const OWN = {
  SEAL_KEY: 'ab'.repeat(32),
  TOKEN: 'a-token-of-our-own',
  BIND_PASSWORD: 'a-password-of-our-own',
  ADMIN: 'an-admin-token-of-our-own',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(schema, env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.message;
  }
  assert.fail('the configuration was accepted');
}

describe('secrets under OTP_ENV', () => {
  it('local: unset secrets take their local defaults', () => {
    const config = loadConfig(schema, { OTP_ENV: 'local', ADMIN: OWN.ADMIN });
    assert.equal(config.SEAL_KEY, LOCAL_SECRET_KEYS.verifyCode);
    assert.equal(config.TOKEN, 'sandbox-token');
    assert.equal(config.BIND_PASSWORD, 'sandbox');
  });

  it('production, the default: unset secrets are refused by name', () => {
    for (const env of [{}, { OTP_ENV: 'production' }, { OTP_ENV: '' }]) {
      const message = refusal(env);
      for (const name of ['SEAL_KEY', 'TOKEN', 'BIND_PASSWORD', 'ADMIN']) {
        assert.match(message, new RegExp(`${name} is required when OTP_ENV=production`));
      }
    }
  });

  it('production: every sample value is refused, naming the variable, never showing the value', () => {
    for (const sample of SAMPLE_SECRETS) {
      const message = refusal({ ...OWN, TOKEN: sample, OTP_ENV: 'production' });
      assert.match(message, /TOKEN holds a sample value published in the repository/);
      assert.ok(!message.includes(sample), `the message shows ${sample}`);
    }
    for (const key of Object.values(LOCAL_SECRET_KEYS)) {
      const message = refusal({ ...OWN, SEAL_KEY: key });
      assert.match(message, /SEAL_KEY holds a sample value/);
      assert.ok(!message.includes(key));
    }
    assert.match(refusal({ ...OWN, BIND_PASSWORD: 'sandbox' }), /BIND_PASSWORD holds a sample value/);
    // A secret without a local default is judged the same way.
    assert.match(refusal({ ...OWN, ADMIN: LOCAL_ADMIN_TOKEN }), /ADMIN holds a sample value/);
    assert.ok(SAMPLE_SECRETS.has(LOCAL_ADMIN_TOKEN));
  });

  it('production: values of our own are accepted; a format error still names the variable only', () => {
    const config = loadConfig(schema, OWN);
    const { SEAL_KEY, TOKEN, BIND_PASSWORD, ADMIN } = config;
    assert.deepEqual({ SEAL_KEY, TOKEN, BIND_PASSWORD, ADMIN }, OWN);
    const message = refusal({ ...OWN, SEAL_KEY: 'short-secret' });
    assert.match(message, /SEAL_KEY: must be 64 hex characters/);
    assert.ok(!message.includes('short-secret'));
  });

  it('production: a secret made unused by another variable may be left out', () => {
    const config = loadConfig(schema, { ...OWN, BIND_PASSWORD: undefined, BINDS_FILE: '/etc/binds.yaml' });
    assert.equal(config.BIND_PASSWORD, '');
    // Given anyway, it is still judged.
    assert.match(refusal({ ...OWN, BIND_PASSWORD: 'sandbox', BINDS_FILE: '/etc/binds.yaml' }), /BIND_PASSWORD holds/);
  });

  it('local still accepts the samples and values of its own; an unknown mode is refused', () => {
    assert.equal(
      loadConfig(schema, { OTP_ENV: 'local', TOKEN: 'sandbox-token', ADMIN: 'dev-admin-token' }).ADMIN,
      'dev-admin-token',
    );
    assert.equal(loadConfig(schema, { ...OWN, OTP_ENV: 'local' }).TOKEN, OWN.TOKEN);
    assert.match(refusal({ ...OWN, OTP_ENV: 'prod' }), /OTP_ENV: must be one of production, local/);
  });

  it('one format serves several secrets, each with its own options', () => {
    const two = z.object({
      A: secret(secretKeyHex, { localDefault: LOCAL_SECRET_KEYS.verifyCode }),
      B: secret(secretKeyHex, { localDefault: LOCAL_SECRET_KEYS.smsBody }),
    });
    assert.deepEqual(loadConfig(two, { OTP_ENV: 'local' }), {
      A: LOCAL_SECRET_KEYS.verifyCode,
      B: LOCAL_SECRET_KEYS.smsBody,
    });
  });

  it("a part's NATS password: required in production unless NATS_CREDS; unset in local mode is a NATS without users", () => {
    const bus = z.object(busConfig);
    assert.throws(() => loadConfig(bus, {}), /NATS_PASSWORD is required when OTP_ENV=production/);
    const own = loadConfig(bus, { NATS_PASSWORD: 'a-password-of-our-own' });
    assert.deepEqual(busAccess(own, 'sms'), {
      url: 'nats://127.0.0.1:4222',
      user: 'sms',
      password: 'a-password-of-our-own',
    });
    const creds = loadConfig(bus, { NATS_CREDS: '/etc/otp/nats/sms.creds' });
    assert.deepEqual(busAccess(creds, 'sms'), { url: 'nats://127.0.0.1:4222', credsFile: '/etc/otp/nats/sms.creds' });
    assert.deepEqual(busAccess(loadConfig(bus, { OTP_ENV: 'local' }), 'sms'), { url: 'nats://127.0.0.1:4222' });
  });
});
