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
 * What the gateway's record of a key does with an answer:
 * - `keep` it for replay: 2xx and the owner's 4xx decisions are the request's outcome;
 * - `release` the key so a retry runs again: 409 IDEMPOTENCY_KEY_IN_USE, 429 and every 5xx (a
 *   timeout or an unknown outcome included) only say "not now" or "not known yet";
 * - `forget` the record: the owner refused the key as another request's (422
 *   IDEMPOTENCY_KEY_REUSED after the gateway had forgotten it), so this request must not claim it,
 *   and the request the owner keeps it for may come again.
 */
export type AnswerFate = 'keep' | 'release' | 'forget';

export function answerFate(status: number, code: ErrorCode | undefined): AnswerFate {
  if (code === 'IDEMPOTENCY_KEY_REUSED') return 'forget';
  if (status >= 500 || status === 429 || status < 200) return 'release';
  if (code === 'IDEMPOTENCY_KEY_IN_USE') return 'release';
  return 'keep';
}

/** The request_key the owner service dedups on: the client's key, or a fresh one per request. */
export function ownerRequestKey(idempotencyKey: string | undefined, fresh: () => string): string {
  return idempotencyKey === undefined ? fresh() : `idem:${idempotencyKey}`;
}
