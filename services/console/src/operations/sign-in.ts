import { DECOY_HASH, passwordMatches } from '../domain/password.js';
import { PENDING_SIGN_IN_TTL_MS, pendingSignInToken, pendingSignInUser } from '../domain/second-factor.js';
import { throttleSubjects, throttleVerdict, type ThrottleSubjects } from '../domain/throttle.js';
import { ConsoleError } from '../http/errors.js';
import type { UserRecord } from '../store/users.js';
import type { ConsoleDeps } from './deps.js';
import { useSecondFactor } from './second-factor.js';

export interface SignedIn {
  userId: string;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** A right password of someone with a second factor: the token the code step takes, nothing more. */
export interface PendingSignIn {
  pendingToken: string;
  expiresAt: Date;
}

export type SignInOutcome = { signedIn: SignedIn } | { pending: PendingSignIn };

/** Counts the attempt against both subjects, before anything secret is checked (throttle.ts says why). */
async function counted(deps: ConsoleDeps, subjects: ThrottleSubjects): Promise<void> {
  const attempt = await deps.loginAttempts.count(subjects, deps.throttle.windowMs);
  const refusals = attempt.counts
    .map((count) => throttleVerdict(count, attempt.now, deps.throttle))
    .filter((verdict) => !verdict.allowed);
  if (refusals.length > 0) {
    throw new ConsoleError(
      'TOO_MANY_ATTEMPTS',
      'too many failed sign-ins; try again later',
      Math.max(...refusals.map((verdict) => verdict.retryAfterSeconds)),
    );
  }
}

async function opened(deps: ConsoleDeps, user: UserRecord, details: Record<string, string>): Promise<SignedIn> {
  const session = await deps.sessions.open(user.id, deps.sessionTtlMs);
  await deps.audit.record({ userId: user.id, email: user.email }, 'session.sign_in', null, details);
  return { userId: user.id, ...session };
}

function pending(deps: ConsoleDeps, user: UserRecord): PendingSignIn {
  const expiresAt = new Date(Date.now() + PENDING_SIGN_IN_TTL_MS);
  return { pendingToken: pendingSignInToken(deps.secondFactorKeys.pendingSignIn, user.id, expiresAt), expiresAt };
}

export async function signIn(
  deps: ConsoleDeps,
  input: { email: string; password: string; clientAddress: string },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const subjects = throttleSubjects(email, input.clientAddress);
  await counted(deps, subjects);
  const user = await deps.users.byEmail(email);
  // The decoy keeps an unknown email as slow as a wrong password.
  const matches = await passwordMatches(input.password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !matches) {
    await deps.audit.record({ userId: user?.id ?? null, email }, 'session.sign_in_failed', null);
    throw new ConsoleError('INVALID_CREDENTIALS', 'email or password is wrong');
  }
  if (await deps.secondFactors.enrolled(user.id)) {
    // The window is cleared only once the code is right: a password again must not reset its count.
    await deps.loginAttempts.passed(subjects);
    return { pending: pending(deps, user) };
  }
  await deps.loginAttempts.succeeded(subjects);
  return { signedIn: await opened(deps, user, {}) };
}

/**
 * The code step: a TOTP code or a recovery code for the person a pending token names. Counted like
 * a password (same subjects, same window), so codes cannot be guessed faster than passwords.
 */
export async function signInWithCode(
  deps: ConsoleDeps,
  input: { pendingToken: string; code: string; clientAddress: string },
): Promise<SignedIn> {
  const userId = pendingSignInUser(deps.secondFactorKeys.pendingSignIn, input.pendingToken, new Date());
  const user = userId ? await deps.users.byId(userId) : undefined;
  if (!user) throw new ConsoleError('SIGN_IN_EXPIRED', 'sign in again');
  const subjects = throttleSubjects(user.email, input.clientAddress);
  await counted(deps, subjects);
  const used = await useSecondFactor(deps, user.id, input.code);
  if (!used) {
    await deps.audit.record({ userId: user.id, email: user.email }, 'session.second_factor_failed', null);
    throw new ConsoleError('INVALID_CODE', 'the code is wrong or was used already');
  }
  await deps.loginAttempts.succeeded(subjects);
  return opened(deps, user, { second_factor: used });
}

/** Why a single sign-on was refused (the sign-in page words each one). */
export type SsoRefusal = 'no_email' | 'unverified_email' | 'unknown_email';

/**
 * Single sign-on: the provider vouched for a verified email, and a console user with that email
 * exists. Nobody is created here: an operator creates people first, so a provider's whole user
 * base cannot walk in, and nobody becomes an operator by signing in. The provider's own second
 * factor stands for members; an operator still gives the console's code (or enrols first), so
 * platform-wide rights never rest on a provider's policy alone.
 */
export async function signInWithSso(
  deps: ConsoleDeps,
  identity: { email: string | undefined; emailVerified: boolean },
): Promise<SignInOutcome | { refused: SsoRefusal }> {
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
  if (user.isOperator && (await deps.secondFactors.enrolled(user.id))) return { pending: pending(deps, user) };
  return { signedIn: await opened(deps, user, { method: 'sso' }) };
}
