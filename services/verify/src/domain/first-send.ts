import type { AttemptChannel } from './attempt-status.js';

/**
 * The amount the balance must cover at start: the Verify fee plus the first send on the
 * configured channel (spec: "At start the balance must cover the fee and the first send").
 */
export function startHoldCents(
  prices: { feeCents: number; messengerCents: number; smsSegmentCents: number; smsSegments: number },
  channel: AttemptChannel,
): number {
  const firstSend = channel === 'messenger' ? prices.messengerCents : prices.smsSegmentCents * prices.smsSegments;
  return prices.feeCents + firstSend;
}
