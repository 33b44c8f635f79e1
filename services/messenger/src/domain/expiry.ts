// Expiry of a code: ours is authoritative (the provider's is at least as long, see providerTtl).

/** The provider's accepted time-to-live range, in seconds. */
export const PROVIDER_TTL_RANGE = { min: 30, max: 3600 } as const;

/** Past expiry plus a grace period, so a delivery report still in flight is not overtaken. */
export function undeliveredDeadlinePassed(now: Date, expiresAt: Date, graceMs: number): boolean {
  return now.getTime() >= expiresAt.getTime() + graceMs;
}

export function hasExpired(now: Date, expiresAt: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** The ttl sent to the provider: ours, kept inside its range (tests use shorter ones of ours). */
export function providerTtl(ttlSeconds: number): number {
  return Math.min(PROVIDER_TTL_RANGE.max, Math.max(PROVIDER_TTL_RANGE.min, ttlSeconds));
}
