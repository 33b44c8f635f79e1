import { secretMatches } from './secret-match.js';

// Double-submit protection on top of SameSite cookies: every state-changing request carries the
// session's CSRF token in a header that another site's form or image cannot set.

export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** Constant-time comparison; a missing header never matches. */
export function csrfTokenMatches(expected: string, presented: string | undefined): boolean {
  return secretMatches(expected, presented);
}

/**
 * A request from another origin is refused even with a token: browsers send `Origin` on every
 * state-changing fetch, so a mismatch is a cross-site request.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
