import { OtpApiError, OtpNetworkError } from './errors.js';

// Which failures are safe to retry, and how long to wait. A call is retried with the same
// Idempotency-Key, so a retry after a lost answer returns the first result instead of sending twice.

export interface RetryPolicy {
  /** Retries after the first try (default 3). */
  maxRetries: number;
  /** First wait without Retry-After, doubled per retry (default 250 ms). */
  baseDelayMs: number;
  /** Longest wait (default 8 s). An answer asking for a longer wait is not retried: it is thrown. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 250, maxDelayMs: 8000 };

/**
 * 503 (at capacity, a service down, an outcome not yet known), 429 with a short `Retry-After` (the
 * project's request rate), 409 IDEMPOTENCY_KEY_IN_USE (the first try still runs) and no answer at
 * all. A 429 without `Retry-After`, or any answer whose `Retry-After` exceeds `maxDelayMs` (a
 * velocity rule's refusal lasts a minute or more), is thrown at once for the caller to decide.
 */
export function isRetryable(error: unknown, policy: RetryPolicy = DEFAULT_RETRY): boolean {
  if (error instanceof OtpNetworkError) return true;
  if (!(error instanceof OtpApiError)) return false;
  const hinted = error.retryAfterSeconds;
  if (hinted !== undefined && hinted * 1000 > policy.maxDelayMs) return false;
  if (error.status === 429) return hinted !== undefined;
  return error.status === 503 || error.code === 'IDEMPOTENCY_KEY_IN_USE';
}

/** Retry-After when given, else exponential backoff with jitter (so clients do not retry in step). */
export function retryDelayMs(error: unknown, retry: number, policy: RetryPolicy): number {
  const hinted = error instanceof OtpApiError ? error.retryAfterSeconds : undefined;
  const delay = hinted !== undefined ? hinted * 1000 : policy.baseDelayMs * 2 ** retry * (0.8 + Math.random() * 0.4);
  return Math.min(delay, policy.maxDelayMs);
}
