import { createHash } from 'node:crypto';
import { DomainError, type ErrorCode } from '@otp/platform';

// Stripe's Idempotency-Key rules (README): what a key may be, what identifies "the same request",
// and which answers are kept for replay.

const PRINTABLE_ASCII = /^[\x20-\x7e]{1,255}$/;

/** The header's value, or a 422 naming the header: 1-255 printable ASCII characters. */
export function parseIdempotencyKey(value: string): string {
  if (!PRINTABLE_ASCII.test(value)) {
    throw new DomainError('INVALID_REQUEST_BODY', 'Idempotency-Key: 1-255 printable ASCII characters');
  }
  return value;
}

// Bodies are small and flat; the bound keeps a hostile body from recursing deep.
const MAX_DEPTH = 32;

function canonical(value: unknown, depth: number): string {
  if (depth > MAX_DEPTH) throw new DomainError('INVALID_REQUEST_BODY', 'body: nested too deeply');
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key], depth + 1)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes a retry "the same request": method, path and the parsed body with its keys sorted,
 * so a client that re-serialises its body in another key order or spacing still matches.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonical(body ?? {}, 0)}`)
    .digest('hex');
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
