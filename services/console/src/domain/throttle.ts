// Login throttling: every sign-in attempt is counted, per email and per client address, before its
// password is checked, in one atomic step; after `maxFailures` attempts in a window, further ones
// are refused until that window ends. Counted first, so parallel guesses cannot all slip in
// between a read and a write. A right password does not bypass a full window (otherwise guessing
// would only need to be lucky once); a right one given in time clears the email's count and takes
// itself off the address's, so a shared address is throttled for its failures only.

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
}

/** One subject's attempts in its current window, this attempt included. */
export interface AttemptCount {
  subject: string;
  attempts: number;
  windowStartedAt: Date;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the next attempt may be made (0 when allowed). */
  retryAfterSeconds: number;
}

/** Whether the attempt that brought `count` to its value may have its password checked. */
export function throttleVerdict(count: AttemptCount, now: Date, policy: ThrottlePolicy): ThrottleVerdict {
  if (count.attempts <= policy.maxFailures) return { allowed: true, retryAfterSeconds: 0 };
  const waitMs = count.windowStartedAt.getTime() + policy.windowMs - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

export interface ThrottleSubjects {
  email: string;
  address: string;
}

/** The subjects a sign-in attempt counts against. */
export function throttleSubjects(email: string, clientAddress: string): ThrottleSubjects {
  return { email: `email:${email.trim().toLowerCase()}`, address: `ip:${clientAddress}` };
}
