import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { codeStatusOf } from '../src/domain/provider-status.js';
import { applySettingsPatch, DEFAULT_SETTINGS } from '../src/domain/settings.js';
import { transition } from '../src/domain/status.js';
import { isValidReportSignature, reportSignature } from '../src/provider/signature.js';

describe('code status machine', () => {
  it('moves forward only: delivered after read and sent after delivered change nothing', () => {
    assert.deepEqual(transition('sent', 'delivered'), { to: 'delivered', refund: false });
    assert.deepEqual(transition('delivered', 'read'), { to: 'read', refund: false });
    assert.equal(transition('read', 'delivered'), undefined);
    assert.equal(transition('delivered', 'sent'), undefined);
    assert.equal(transition('sent', 'sent'), undefined);
  });

  it('final statuses never change', () => {
    for (const final of ['expired', 'revoked', 'failed'] as const) {
      for (const next of ['sent', 'delivered', 'read', 'expired', 'revoked', 'failed'] as const)
        assert.equal(transition(final, next), undefined);
    }
  });

  it('refunds exactly the undelivered endings', () => {
    assert.deepEqual(transition('sent', 'expired'), { to: 'expired', refund: true });
    assert.deepEqual(transition('sent', 'failed'), { to: 'failed', refund: true });
    assert.deepEqual(transition('sent', 'revoked'), { to: 'revoked', refund: true });
    assert.deepEqual(transition('read', 'revoked'), { to: 'revoked', refund: false });
    assert.equal(transition('delivered', 'expired'), undefined, 'a delivered code does not become expired');
    assert.equal(transition('read', 'failed'), undefined);
  });
});

describe('provider delivery status', () => {
  const expiresAt = new Date('2026-01-01T00:05:00Z');
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

  it('reads an expiry stamped well before ours as failed, at or after ours as expired', () => {
    assert.equal(codeStatusOf({ status: 'expired', updated_at: at('2026-01-01T00:00:01Z') }, expiresAt), 'failed');
    assert.equal(codeStatusOf({ status: 'expired', updated_at: at('2026-01-01T00:05:00Z') }, expiresAt), 'expired');
    assert.equal(
      codeStatusOf({ status: 'expired', updated_at: at('2026-01-01T00:04:59.500Z') }, expiresAt),
      'expired',
      'whole-second stamps',
    );
    assert.equal(codeStatusOf({ status: 'read', updated_at: 0 }, expiresAt), 'read');
  });
});

describe('messenger settings', () => {
  it('names every bad field, and keeps what the patch does not touch', () => {
    assert.throws(
      () => applySettingsPatch(DEFAULT_SETTINGS, { codeLength: 3, ttlSeconds: 3601, callbackUrl: 'ftp://x' }, 30),
      (error: Error & { code?: string }) =>
        error.code === 'INVALID_REQUEST_BODY' &&
        /^code_length: .*; ttl_seconds: .*from 30 to 3600; callback_url: /.test(error.message),
    );
    assert.throws(() => applySettingsPatch(DEFAULT_SETTINGS, { ttlSeconds: 29 }, 30));
    const next = applySettingsPatch(DEFAULT_SETTINGS, { ttlSeconds: 30, callbackUrl: 'https://example.com/h' }, 30);
    assert.deepEqual(next, { enabled: true, codeLength: 6, ttlSeconds: 30, callbackUrl: 'https://example.com/h' });
    assert.equal(applySettingsPatch(next, { callbackUrl: null }, 30).callbackUrl, null);
  });
});

describe('report signature', () => {
  it('accepts the provider-documented HMAC and refuses any change of body, timestamp or token', () => {
    const body = '{"request_id":"r1"}';
    const signature = reportSignature('token', '1700000000', body);
    assert.match(signature, /^[0-9a-f]{64}$/);
    assert.equal(isValidReportSignature('token', '1700000000', Buffer.from(body), signature), true);
    assert.equal(isValidReportSignature('token', '1700000000', Buffer.from(body), signature.toUpperCase()), true);
    assert.equal(isValidReportSignature('token', '1700000001', Buffer.from(body), signature), false);
    assert.equal(isValidReportSignature('token', '1700000000', Buffer.from(`${body} `), signature), false);
    assert.equal(isValidReportSignature('other', '1700000000', Buffer.from(body), signature), false);
    assert.equal(isValidReportSignature('token', '1700000000', Buffer.from(body), 'zz'), false);
  });
});
