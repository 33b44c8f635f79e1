import { OtpApiError, OtpNetworkError } from './errors.js';

// Which failures are safe to retry, and how long to wait. A call is retried with the same
// Idempotency-Key, so a retry after a lost answer returns the first result instead of sending twice.

export interface RetryPolicy {
  /** Retries after the first try (default 3). */
  maxRetries: number;
  /** First wait without Retry-After, doubled per retry (default 250 ms). */
  baseDelayMs: number;
  /** Longest wait (default 8 s), Retry-After included. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 250, maxDelayMs: 8000 };

/**
 * 503 (at capacity or a service down), 429 (rate limited), 409 IDEMPOTENCY_KEY_IN_USE (the first
 * try still runs) and no answer at all. Everything else is the API's final word.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof OtpNetworkError) return true;
  if (!(error instanceof OtpApiError)) return false;
  return error.status === 503 || error.status === 429 || error.code === 'IDEMPOTENCY_KEY_IN_USE';
}

/** Retry-After when given, else exponential backoff with jitter (so clients do not retry in step). */
export function retryDelayMs(error: unknown, retry: number, policy: RetryPolicy): number {
  const hinted = error instanceof OtpApiError ? error.retryAfterSeconds : undefined;
  const delay = hinted !== undefined ? hinted * 1000 : policy.baseDelayMs * 2 ** retry * (0.8 + Math.random() * 0.4);
  return Math.min(delay, policy.maxDelayMs);
}
