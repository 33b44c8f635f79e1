import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError, type HostLookup } from '@otp/platform';
import { z } from 'zod';
import { callbackUrlField, type CallbackUrlPolicy } from '../src/http/schemas.js';
import { parseBody, parseBodyAsync } from '../src/http/validation.js';

// The request-time rule for `callback` / `callback_url`: judged as a route body would be, so the
// assertions are on the 422 message a customer reads.

const zone: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  localhost: ['127.0.0.1', '::1'],
};
const lookedUp: string[] = [];
const lookup: HostLookup = async (hostname) => {
  lookedUp.push(hostname);
  const addresses = zone[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

function sendBody(policy: CallbackUrlPolicy) {
  return z.strictObject({ callback: callbackUrlField(() => policy).optional() });
}
const strict = sendBody({ allowPrivate: false, lookup });
const local = sendBody({ allowPrivate: true, lookup });

async function refusal(schema: z.ZodType, body: unknown): Promise<string> {
  try {
    await parseBodyAsync(schema, body);
  } catch (error) {
    assert.ok(error instanceof DomainError, String(error));
    assert.equal(error.code, 'INVALID_REQUEST_BODY');
    return error.message;
  }
  assert.fail(`accepted ${JSON.stringify(body)}`);
}

describe('callback URL field', () => {
  it('accepts public hosts and public literal addresses, and leaves the URL as given', async () => {
    for (const callback of [
      'https://hooks.example.com/otp?x=1',
      'http://93.184.216.34:8080/x',
      'https://[2606:4700::1111]/hook',
    ]) {
      assert.deepEqual(await parseBodyAsync(strict, { callback }), { callback });
    }
    assert.deepEqual(await parseBodyAsync(strict, {}), {});
  });

  it('refuses loopback, private, link-local and embedded private IPv4 literals without DNS', async () => {
    lookedUp.length = 0;
    for (const callback of [
      'http://127.0.0.1/',
      'http://10.1.1.1',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:192.168.0.1]/',
      'http://[::127.0.0.1]/', // IPv4-compatible
      'http://[64:ff9b::a9fe:a9fe]/', // NAT64 of 169.254.169.254
      'http://[2002:0a00:0001::]/', // 6to4 of 10.0.0.1
    ]) {
      assert.equal(
        await refusal(strict, { callback }),
        'callback: must not point to a private, loopback or link-local address',
        callback,
      );
    }
    assert.deepEqual(lookedUp, []);
  });

  it('refuses a host name when any address it resolves to is not public', async () => {
    for (const host of ['localhost', 'metadata.example.com', 'rebind.example.com']) {
      assert.equal(
        await refusal(strict, { callback: `https://${host}/hook` }),
        'callback: host resolves to a private, loopback or link-local address',
        host,
      );
    }
  });

  it('refuses a host name that does not resolve', async () => {
    assert.equal(
      await refusal(strict, { callback: 'https://nowhere.invalid/hook' }),
      'callback: host does not resolve',
    );
  });

  it('keeps the format rules whatever the policy', async () => {
    for (const schema of [strict, local]) {
      assert.equal(
        await refusal(schema, { callback: 'ftp://hooks.example.com' }),
        'callback: must be an http or https URL',
      );
      assert.equal(
        await refusal(schema, { callback: 'https://u:p@hooks.example.com' }),
        'callback: must not contain credentials',
      );
      assert.equal(await refusal(schema, { callback: 'not a url' }), 'callback: must be a valid URL');
      assert.equal(
        await refusal(schema, { callback: `https://hooks.example.com/${'a'.repeat(2048)}` }),
        'callback: must be at most 2048 characters',
      );
    }
  });

  it('lets private targets through when ALLOW_PRIVATE_CALLBACKS is on, without resolving', async () => {
    lookedUp.length = 0;
    for (const callback of [
      'http://localhost:3000/hook',
      'http://127.0.0.1/',
      'http://169.254.169.254/',
      'http://nowhere.invalid/',
    ]) {
      assert.deepEqual(await parseBodyAsync(local, { callback }), { callback });
    }
    assert.deepEqual(lookedUp, []);
  });

  it('names each bad field next to the callback problem', async () => {
    const patch = z.strictObject({
      enabled: z.boolean().optional(),
      callback_url: callbackUrlField(() => ({ allowPrivate: false, lookup }))
        .nullable()
        .optional(),
    });
    assert.deepEqual(await parseBodyAsync(patch, { callback_url: null }), { callback_url: null });
    assert.equal(
      await refusal(patch, { enabled: 'yes', callback_url: 'http://10.0.0.1/' }),
      'enabled: Invalid input: expected boolean, received string; callback_url: must not point to a private, loopback or link-local address',
    );
  });

  it('makes the sync parseBody name parseBodyAsync instead of parsing a callback half-way', () => {
    assert.throws(() => parseBody(strict, { callback: 'https://hooks.example.com/' }), /use parseBodyAsync/);
  });
});
