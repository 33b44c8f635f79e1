// What an attempt's channel status means for the verification. Statuses are the spec's:
// messenger sending, sent, delivered, read, expired, revoked, failed; SMS queued, processing,
// sent, failed, enqueue_failed.

export type AttemptChannel = 'messenger' | 'sms';

/** in_flight: may still reach the user; delivered: reached it (SMS: carrier accepted); undelivered: never will. */
export type Delivery = 'in_flight' | 'delivered' | 'undelivered';

const MESSENGER: Record<string, { delivery: Delivery; rank: number }> = {
  sending: { delivery: 'in_flight', rank: 0 },
  sent: { delivery: 'in_flight', rank: 1 },
  delivered: { delivery: 'delivered', rank: 2 },
  read: { delivery: 'delivered', rank: 3 },
  expired: { delivery: 'undelivered', rank: 4 },
  revoked: { delivery: 'undelivered', rank: 4 },
  failed: { delivery: 'undelivered', rank: 4 },
};

const SMS: Record<string, { delivery: Delivery; rank: number }> = {
  queued: { delivery: 'in_flight', rank: 0 },
  processing: { delivery: 'in_flight', rank: 1 },
  sent: { delivery: 'delivered', rank: 2 },
  failed: { delivery: 'undelivered', rank: 2 },
  enqueue_failed: { delivery: 'undelivered', rank: 2 },
};

function table(channel: AttemptChannel) {
  return channel === 'messenger' ? MESSENGER : SMS;
}

export function deliveryOf(channel: AttemptChannel, status: string): Delivery {
  return table(channel)[status]?.delivery ?? 'in_flight';
}

/**
 * Whether a reported status replaces the stored one. Events can arrive late or twice, so a
 * status only moves forward (a late `sent` never overwrites `delivered`); final SMS statuses
 * never change.
 */
export function supersedes(channel: AttemptChannel, current: string, next: string): boolean {
  const known = table(channel);
  const from = known[current];
  const to = known[next];
  if (!to || current === next) return false;
  if (!from) return true;
  if (channel === 'sms' && from.delivery !== 'in_flight') return false;
  return to.rank > from.rank;
}
