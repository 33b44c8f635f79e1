import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DEFAULT_RETRY, isRetryable, OtpApiError, OtpNetworkError, retryDelayMs } from '../src/index.js';

// Which failures the SDK retries (with the call's one Idempotency-Key) and how long it waits.

const apiError = (status: number, code: ConstructorParameters<typeof OtpApiError>[1], retryAfter?: number) =>
  new OtpApiError(status, code, 'm', { requestId: 'req-1', retryAfterSeconds: retryAfter });

describe('SDK retries', () => {
  it('retries what may succeed later, and nothing that is the final answer', () => {
    assert.equal(isRetryable(apiError(503, 'SERVICE_UNAVAILABLE')), true);
    assert.equal(isRetryable(apiError(503, 'QUEUE_UNAVAILABLE')), true);
    assert.equal(isRetryable(apiError(429, 'RATE_LIMITED', 1)), true);
    assert.equal(isRetryable(apiError(409, 'IDEMPOTENCY_KEY_IN_USE')), true);
    assert.equal(isRetryable(new OtpNetworkError('no answer')), true);
    assert.equal(isRetryable(apiError(409, 'VERIFICATION_NOT_PENDING')), false);
    assert.equal(isRetryable(apiError(402, 'INSUFFICIENT_BALANCE')), false);
    assert.equal(isRetryable(apiError(500, 'INTERNAL')), false);
    assert.equal(isRetryable(new Error('a bug')), false);
  });

  it('throws at once an answer that asks for a longer wait than the cap, or a 429 that names no wait', () => {
    // A velocity rule's refusal (Retry-After 60) would cost the caller the whole cap for nothing.
    assert.equal(isRetryable(apiError(429, 'RATE_LIMITED', 60)), false);
    assert.equal(isRetryable(apiError(429, 'RATE_LIMITED')), false);
    assert.equal(isRetryable(apiError(503, 'SERVICE_UNAVAILABLE', 60)), false);
    assert.equal(isRetryable(apiError(429, 'RATE_LIMITED', 60), { ...DEFAULT_RETRY, maxDelayMs: 120_000 }), true);
    assert.equal(isRetryable(apiError(503, 'SERVICE_UNAVAILABLE', 8)), true);
  });

  it('waits Retry-After when given, else a growing backoff, never past the cap', () => {
    assert.equal(retryDelayMs(apiError(503, 'SERVICE_UNAVAILABLE', 2), 0, DEFAULT_RETRY), 2000);
    const first = retryDelayMs(new OtpNetworkError('x'), 0, DEFAULT_RETRY);
    const third = retryDelayMs(new OtpNetworkError('x'), 2, DEFAULT_RETRY);
    assert.ok(first >= 200 && first <= 300, `first wait ${first}`);
    assert.ok(third >= 800 && third <= 1200, `third wait ${third}`);
    assert.equal(retryDelayMs(new OtpNetworkError('x'), 20, DEFAULT_RETRY), DEFAULT_RETRY.maxDelayMs);
  });
});
