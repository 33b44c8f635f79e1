import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ensureSameRequest, isDomainError, requestFingerprint } from '@otp/platform';
import { answerFate, ownerRequestKey, parseIdempotencyKey } from '../src/domain/idempotency-key.js';

describe('Idempotency-Key rules', () => {
  it('accepts 1-255 printable ASCII characters and refuses anything else naming the header', () => {
    assert.equal(parseIdempotencyKey('a'), 'a');
    assert.equal(parseIdempotencyKey(' ~order 7/ä'.slice(0, 10)), ' ~order 7/');
    assert.equal(parseIdempotencyKey('k'.repeat(255)), 'k'.repeat(255));
    for (const bad of ['', 'k'.repeat(256), 'caf\u00e9', 'a\tb', 'a\u0000b', '\u{1f600}', 'a\u007fb']) {
      assert.throws(
        () => parseIdempotencyKey(bad),
        (error: unknown) =>
          isDomainError(error) && error.code === 'INVALID_REQUEST_BODY' && error.message.includes('Idempotency-Key'),
        JSON.stringify(bad),
      );
    }
  });

  it('fingerprints method, path and body, ignoring key order but not values', () => {
    const base = requestFingerprint('POST', '/v1/messages/sms', {
      to: '+1',
      body: 'hi',
      metadata: { a: 1, b: [1, 2] },
    });
    assert.equal(
      requestFingerprint('post', '/v1/messages/sms', { metadata: { b: [1, 2], a: 1 }, body: 'hi', to: '+1' }),
      base,
    );
    assert.notEqual(requestFingerprint('POST', '/v1/messages/sms', { to: '+1', body: 'hi!' }), base);
    assert.notEqual(
      requestFingerprint('POST', '/v1/messages/sms', { to: '+1', body: 'hi', metadata: { a: 1, b: [2, 1] } }),
      base,
    );
    assert.notEqual(
      requestFingerprint('POST', '/v1/verifications', { to: '+1', body: 'hi', metadata: { a: 1, b: [1, 2] } }),
      base,
    );
    assert.equal(requestFingerprint('POST', '/v1/x', undefined), requestFingerprint('POST', '/v1/x', {}));
  });

  it('refuses a body nested deeper than any route accepts instead of recursing', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    assert.throws(
      () => requestFingerprint('POST', '/v1/x', deep),
      (error: unknown) => isDomainError(error) && error.code === 'INVALID_REQUEST_BODY',
    );
  });

  it('binds a key to its fingerprint; a row or caller without one (before the upgrade) matches', () => {
    const hash = requestFingerprint('POST', '/v1/messages/sms', { to: '+1', body: 'hi' });
    ensureSameRequest(hash, hash);
    ensureSameRequest(null, hash);
    ensureSameRequest(hash, '');
    assert.throws(
      () => ensureSameRequest(hash, requestFingerprint('POST', '/v1/messages/sms', { to: '+1', body: 'bye' })),
      (error: unknown) => isDomainError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it("keeps 2xx and decided 4xx answers, releases 409 IN_USE, 429 and 5xx, forgets an owner's REUSED", () => {
    assert.equal(answerFate(201, undefined), 'keep');
    assert.equal(answerFate(200, undefined), 'keep');
    for (const status of [400, 402, 403, 404, 422]) assert.equal(answerFate(status, 'INVALID_REQUEST_BODY'), 'keep');
    assert.equal(answerFate(409, 'VERIFICATION_NOT_PENDING'), 'keep');
    assert.equal(answerFate(409, 'IDEMPOTENCY_KEY_IN_USE'), 'release');
    assert.equal(answerFate(429, 'RATE_LIMITED'), 'release');
    for (const status of [500, 502, 503, 504]) assert.equal(answerFate(status, 'SERVICE_UNAVAILABLE'), 'release');
    assert.equal(answerFate(422, 'IDEMPOTENCY_KEY_REUSED'), 'forget');
  });

  it('forwards idem:<key> to the owner, or a fresh key when the client sent none', () => {
    assert.equal(
      ownerRequestKey('abc', () => 'fresh'),
      'idem:abc',
    );
    assert.equal(
      ownerRequestKey(undefined, () => 'fresh'),
      'fresh',
    );
  });
});
