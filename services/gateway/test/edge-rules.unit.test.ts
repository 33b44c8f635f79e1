import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ERROR_CODES } from '@otp/platform';
import { hashApiKey, looksLikeApiKey, newApiKey, readBearer } from '../src/domain/api-key.js';
import { resolveClientIp } from '../src/domain/client-ip.js';
import { addressInRanges, allowlistAdmits, invalidRanges } from '../src/domain/ip-allowlist.js';
import { codesWithoutStatus, HTTP_STATUS } from '../src/http/errors.js';
import { KeyOwnerCache } from '../src/key-owner-cache.js';
import { applyKeyChange } from '../src/store/key-changes.js';

describe('error status table', () => {
  it('gives every ErrorCode an HTTP status', () => {
    assert.deepEqual(codesWithoutStatus(), []);
    for (const code of ERROR_CODES) assert.ok(HTTP_STATUS[code] >= 400 && HTTP_STATUS[code] < 600, code);
  });

  it("uses the spec's statuses", () => {
    assert.equal(HTTP_STATUS.INVALID_MESSAGE_SID, 400);
    assert.equal(HTTP_STATUS.MISSING_API_KEY, 401);
    assert.equal(HTTP_STATUS.INSUFFICIENT_BALANCE, 402);
    assert.equal(HTTP_STATUS.IP_NOT_ALLOWED, 403);
    assert.equal(HTTP_STATUS.VERIFICATION_NOT_PENDING, 409);
    assert.equal(HTTP_STATUS.INVALID_REQUEST_BODY, 422);
    assert.equal(HTTP_STATUS.QUEUE_UNAVAILABLE, 503);
  });
});

describe('CIDR matching', () => {
  it('matches IPv4 ranges and single addresses', () => {
    assert.ok(addressInRanges('10.1.2.3', ['10.0.0.0/8']));
    assert.ok(addressInRanges('192.0.2.7', ['192.0.2.7']));
    assert.ok(!addressInRanges('11.0.0.1', ['10.0.0.0/8', '192.0.2.7']));
  });

  it('matches IPv6 ranges, and never across families', () => {
    assert.ok(addressInRanges('2001:db8::1', ['2001:db8::/32']));
    assert.ok(addressInRanges('::1', ['::1/128']));
    assert.ok(!addressInRanges('2001:db9::1', ['2001:db8::/32']));
    assert.ok(!addressInRanges('::1', ['127.0.0.0/8']));
    assert.ok(!addressInRanges('127.0.0.1', ['::/0']));
  });

  it('treats IPv4-mapped IPv6 addresses as IPv4, in addresses and in ranges', () => {
    assert.ok(addressInRanges('::ffff:127.0.0.1', ['127.0.0.0/8']));
    assert.ok(addressInRanges('127.0.0.1', ['::ffff:127.0.0.0/104']));
    assert.ok(!addressInRanges('::ffff:10.0.0.1', ['127.0.0.0/8']));
  });

  it('names the invalid entries of a list', () => {
    assert.deepEqual(invalidRanges(['10.0.0.0/8', '10.0.0.0/33', 'fe80::/10', 'example.com', '::1']), [
      '10.0.0.0/33',
      'example.com',
    ]);
  });

  it('admits everyone when off and only its ranges when on', () => {
    assert.ok(allowlistAdmits({ enabled: false, cidrs: [] }, '203.0.113.9'));
    assert.ok(!allowlistAdmits({ enabled: true, cidrs: [] }, '203.0.113.9'));
    assert.ok(allowlistAdmits({ enabled: true, cidrs: ['203.0.113.0/24'] }, '203.0.113.9'));
  });
});

describe('client IP', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    assert.equal(resolveClientIp('198.51.100.4', '10.0.0.1', []), '198.51.100.4');
    assert.equal(resolveClientIp('::ffff:198.51.100.4', '10.0.0.1', []), '198.51.100.4');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    assert.equal(resolveClientIp('198.51.100.4', '10.0.0.1', ['127.0.0.1']), '198.51.100.4');
  });

  it('takes the right-most untrusted entry behind trusted proxies', () => {
    // spoofed, real client, inner proxy; the socket peer is the outer proxy
    assert.equal(resolveClientIp('10.0.0.2', '1.2.3.4, 198.51.100.4, 10.0.0.3', ['10.0.0.0/8']), '198.51.100.4');
    assert.equal(resolveClientIp('::1', '2001:db8::5', ['::1']), '2001:db8::5');
  });

  it('falls back to the last trusted hop when the chain is empty or garbled', () => {
    assert.equal(resolveClientIp('10.0.0.2', undefined, ['10.0.0.0/8']), '10.0.0.2');
    assert.equal(resolveClientIp('10.0.0.2', '198.51.100.4, nonsense', ['10.0.0.0/8']), '10.0.0.2');
  });
});

describe('API keys', () => {
  it('are otp_live_ plus 48 hex characters, distinct, stored as their SHA-256', () => {
    const a = newApiKey();
    const b = newApiKey();
    assert.match(a.key, /^otp_live_[a-f0-9]{48}$/);
    assert.notEqual(a.key, b.key);
    assert.equal(a.hash, hashApiKey(a.key));
    assert.match(a.hash, /^[a-f0-9]{64}$/);
    assert.ok(!a.hint.includes(a.key.slice(13, -4)));
    assert.ok(looksLikeApiKey(a.key));
    assert.ok(!looksLikeApiKey('otp_live_short'));
    assert.ok(!looksLikeApiKey('otp_test_' + 'a'.repeat(40)));
  });

  it('reads the bearer header: missing, malformed or a token', () => {
    assert.deepEqual(readBearer(undefined), { kind: 'missing' });
    assert.deepEqual(readBearer('  '), { kind: 'missing' });
    assert.deepEqual(readBearer('Bearer '), { kind: 'missing' });
    assert.deepEqual(readBearer('Basic dXNlcjpwYXNz'), { kind: 'malformed' });
    assert.deepEqual(readBearer('bearer otp_live_x'), { kind: 'token', token: 'otp_live_x' });
  });
});

describe('key owner cache', () => {
  const owner = { keyId: 'k1', projectId: 'p1', ipAllowlist: { enabled: false, cidrs: [] } };

  it('forgets a key at once when it is revoked or its project changes', () => {
    const cache = new KeyOwnerCache(60_000);
    cache.set('h1', owner);
    assert.deepEqual(cache.get('h1'), owner);
    cache.forgetKey('k1');
    assert.equal(cache.get('h1'), undefined);
    cache.set('h1', owner);
    cache.forgetProject('p1');
    assert.equal(cache.get('h1'), undefined);
  });

  it('applies changes announced by other replicas, forgetting everything on a payload it cannot read', () => {
    const cache = new KeyOwnerCache(60_000);
    cache.set('h1', owner);
    applyKeyChange(cache, JSON.stringify({ kind: 'key', id: 'other' }));
    assert.ok(cache.get('h1'));
    applyKeyChange(cache, JSON.stringify({ kind: 'key', id: 'k1' }));
    assert.equal(cache.get('h1'), undefined);
    cache.set('h1', owner);
    applyKeyChange(cache, JSON.stringify({ kind: 'project', id: 'p1' }));
    assert.equal(cache.get('h1'), undefined);
    cache.set('h1', owner);
    applyKeyChange(cache, 'garbage');
    assert.equal(cache.get('h1'), undefined);
  });

  it('serves nothing while it is off (changes could go unheard)', () => {
    const cache = new KeyOwnerCache(60_000);
    cache.set('h1', owner);
    cache.setEnabled(false);
    assert.equal(cache.get('h1'), undefined);
    cache.set('h1', owner);
    cache.setEnabled(true);
    assert.equal(cache.get('h1'), undefined);
  });

  it('expires entries after the TTL', () => {
    let now = 1000;
    const cache = new KeyOwnerCache(500, () => now);
    cache.set('h1', owner);
    now = 1499;
    assert.ok(cache.get('h1'));
    now = 1500;
    assert.equal(cache.get('h1'), undefined);
  });
});
