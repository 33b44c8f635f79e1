// Login throttling: after `maxFailures` failed sign-ins for one email, or from one client address,
// within the window, further attempts are refused until the oldest failure leaves the window.
// A right password does not bypass it (otherwise guessing would only need to be lucky once).

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the next attempt may be made (0 when allowed). */
  retryAfterSeconds: number;
}

/** `failures`: times of recent failures for one subject, any order. */
export function throttleVerdict(failures: readonly Date[], now: Date, policy: ThrottlePolicy): ThrottleVerdict {
  const windowStart = now.getTime() - policy.windowMs;
  const recent = failures
    .map((at) => at.getTime())
    .filter((at) => at > windowStart)
    .sort((a, b) => a - b);
  if (recent.length < policy.maxFailures) return { allowed: true, retryAfterSeconds: 0 };
  // The attempt becomes possible when enough failures have aged out to fall under the limit.
  const freeingFailure = recent[recent.length - policy.maxFailures]!;
  const waitMs = freeingFailure + policy.windowMs - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** The subjects a sign-in attempt counts against. */
export function throttleSubjects(email: string, clientAddress: string): string[] {
  return [`email:${email.trim().toLowerCase()}`, `ip:${clientAddress}`];
}
