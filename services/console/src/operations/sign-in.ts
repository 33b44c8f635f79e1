import { DECOY_HASH, passwordMatches } from '../domain/password.js';
import { throttleSubjects, throttleVerdict } from '../domain/throttle.js';
import { ConsoleError } from '../http/errors.js';
import type { ConsoleDeps } from './deps.js';

export interface SignedIn {
  userId: string;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function signIn(
  deps: ConsoleDeps,
  input: { email: string; password: string; clientAddress: string },
): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  const subjects = throttleSubjects(email, input.clientAddress);
  // Counted before the password is checked (throttle.ts says why).
  const counted = await deps.loginAttempts.count(subjects, deps.throttle.windowMs);
  const refusals = counted.counts
    .map((count) => throttleVerdict(count, counted.now, deps.throttle))
    .filter((verdict) => !verdict.allowed);
  if (refusals.length > 0) {
    throw new ConsoleError(
      'TOO_MANY_ATTEMPTS',
      'too many failed sign-ins; try again later',
      Math.max(...refusals.map((verdict) => verdict.retryAfterSeconds)),
    );
  }
  const user = await deps.users.byEmail(email);
  // The decoy keeps an unknown email as slow as a wrong password.
  const matches = await passwordMatches(input.password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !matches) {
    await deps.audit.record({ userId: user?.id ?? null, email }, 'session.sign_in_failed', null);
    throw new ConsoleError('INVALID_CREDENTIALS', 'email or password is wrong');
  }
  await deps.loginAttempts.succeeded(subjects);
  const session = await deps.sessions.open(user.id, deps.sessionTtlMs);
  await deps.audit.record({ userId: user.id, email }, 'session.sign_in', null);
  return { userId: user.id, ...session };
}

/** Why a single sign-on was refused (the sign-in page words each one). */
export type SsoRefusal = 'no_email' | 'unverified_email' | 'unknown_email';

/**
 * Single sign-on: the provider vouched for a verified email, and a console user with that email
 * exists. Nobody is created here: an operator creates people first, so a provider's whole user
 * base cannot walk in, and nobody becomes an operator by signing in.
 */
export async function signInWithSso(
  deps: ConsoleDeps,
  identity: { email: string | undefined; emailVerified: boolean },
): Promise<{ signedIn: SignedIn } | { refused: SsoRefusal }> {
  const email = identity.email?.trim().toLowerCase();
  if (!email) return { refused: 'no_email' };
  if (!identity.emailVerified) {
    await deps.audit.record({ userId: null, email }, 'session.sso_refused', null, { reason: 'unverified_email' });
    return { refused: 'unverified_email' };
  }
  const user = await deps.users.byEmail(email);
  if (!user) {
    await deps.audit.record({ userId: null, email }, 'session.sso_refused', null, { reason: 'unknown_email' });
    return { refused: 'unknown_email' };
  }
  const session = await deps.sessions.open(user.id, deps.sessionTtlMs);
  await deps.audit.record({ userId: user.id, email }, 'session.sign_in', null, { method: 'sso' });
  return { signedIn: { userId: user.id, ...session } };
}
