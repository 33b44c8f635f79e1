import { createHash } from 'node:crypto';
import { DomainError } from './errors.js';

// What makes a repeat of a keyed request "the same request" (docs/api/errors.md "Idempotency-Key").
// A key binds the fingerprint of the request that first used it: the gateway keeps it in its own
// record, and every owner of a keyed resource or money movement keeps it beside the key, so a
// reuse with anything different is refused for as long as the key is kept anywhere.

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
 * The fingerprint of a request: sha256 over its method (or operation), its path (or what it acts
 * on) and its body with object keys sorted, so a client that re-serialises its body in another
 * key order or spacing still matches.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonical(body ?? {}, 0)}`)
    .digest('hex');
}

/**
 * Refuses a repeat of a key whose kept fingerprint differs from this request's with
 * IDEMPOTENCY_KEY_REUSED. Either side empty matches: a row written before fingerprints were kept,
 * or a caller that sends none (an older gateway during a rolling upgrade, an internal key).
 */
export function ensureSameRequest(kept: string | null | undefined, given: string | null | undefined): void {
  if (!kept || !given || kept === given) return;
  throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'this idempotency key was used with another request');
}

/** An owner's answer to a keyed request; `replayed` when it is what an earlier request with the key made. */
export interface Replayable<T> {
  value: T;
  replayed: boolean;
}
