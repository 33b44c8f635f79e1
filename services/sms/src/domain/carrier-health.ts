import type { CarrierAvailability } from './routes.js';

// A carrier's health from its binds: what the admin API shows and route choice reads.

export interface BindHealth {
  /** The bind can submit (its transceiver, or the transmitter of a pair, is bound). */
  bound: boolean;
  /** The carrier throttled this bind within its last recovery step. */
  throttled: boolean;
  /** A request went unanswered (until an enquire_link is answered again), or its receiver is down. */
  degraded: boolean;
}

/** down: no bind can submit; degraded: a bound bind is; throttled: every bound bind is; else ready. */
export function carrierHealth(binds: readonly BindHealth[]): CarrierAvailability {
  const bound = binds.filter((b) => b.bound);
  if (bound.length === 0) return 'down';
  if (bound.some((b) => b.degraded)) return 'degraded';
  return bound.every((b) => b.throttled) ? 'throttled' : 'ready';
}
