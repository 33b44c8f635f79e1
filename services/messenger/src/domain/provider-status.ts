import type { CodeStatus } from './status.js';

/** The provider's delivery statuses (its API has no "failed"). */
export const PROVIDER_DELIVERY_STATUSES = ['sent', 'delivered', 'read', 'expired', 'revoked'] as const;
export type ProviderDeliveryStatus = (typeof PROVIDER_DELIVERY_STATUSES)[number];

// A message the provider could not hand to the messenger ends, in its API, as `expired` long
// before its ttl. We read an `expired` stamped before our own expiry (with a second of slack for
// clock rounding: the provider stamps whole seconds) as `failed`, the status the spec defines for
// "never reached the messenger"; at or after our expiry it is a plain `expired`.
const CLOCK_SLACK_MS = 1000;

export function codeStatusOf(
  delivery: { status: ProviderDeliveryStatus; updated_at: number },
  expiresAt: Date,
): CodeStatus {
  if (delivery.status !== 'expired') return delivery.status;
  return delivery.updated_at * 1000 + CLOCK_SLACK_MS < expiresAt.getTime() ? 'failed' : 'expired';
}
