import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Constant-time comparison of a presented secret (a CSRF token, the admin token) with the
 * expected one. Both sides are hashed first: equal lengths for timingSafeEqual, and the secret's
 * length is not leaked. A missing or empty one never matches.
 */
export function secretMatches(expected: string, presented: string | undefined): boolean {
  if (presented === undefined || presented.length === 0) return false;
  return timingSafeEqual(digest(expected), digest(presented));
}
