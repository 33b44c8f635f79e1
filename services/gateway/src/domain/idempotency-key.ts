import { DomainError, type ErrorCode } from '@otp/platform';

// Stripe's Idempotency-Key rules (docs/api/errors.md): what a key may be and which answers are kept
// for replay. What identifies "the same request" is @otp/platform's requestFingerprint, which the
// owners compare too.

const PRINTABLE_ASCII = /^[\x20-\x7e]{1,255}$/;

/** The header's value, or a 422 naming the header: 1-255 printable ASCII characters. */
export function parseIdempotencyKey(value: string): string {
  if (!PRINTABLE_ASCII.test(value)) {
    throw new DomainError('INVALID_REQUEST_BODY', 'Idempotency-Key: 1-255 printable ASCII characters');
  }
  return value;
}

/**
 * Whether an answer is the request's outcome (kept and replayed) or only says "not now" (the
 * record is released so a retry runs again): 2xx and the owner's 4xx decisions are outcomes;
 * 409 IDEMPOTENCY_KEY_IN_USE, 429 and every 5xx (a timeout included) are not.
 */
export function isFinalAnswer(status: number, code: ErrorCode | undefined): boolean {
  if (status >= 500 || status === 429) return false;
  if (code === 'IDEMPOTENCY_KEY_IN_USE') return false;
  return status >= 200;
}

/** The request_key the owner service dedups on: the client's key, or a fresh one per request. */
export function ownerRequestKey(idempotencyKey: string | undefined, fresh: () => string): string {
  return idempotencyKey === undefined ? fresh() : `idem:${idempotencyKey}`;
}
