import type { AttemptChannel } from './attempt-status.js';

/**
 * The amount the balance must cover at start: the Verify fee plus the first send on the
 * configured channel (spec: "At start the balance must cover the fee and the first send").
 */
export function startHoldCents(
  prices: { feeCents: number; messengerCents: number; smsCents: number },
  channel: AttemptChannel,
): number {
  const firstSend = channel === 'messenger' ? prices.messengerCents : prices.smsCents;
  return prices.feeCents + firstSend;
}

/**
 * The request key of the n-th send of a verification, passed to Sms.Send / Messenger.Send: a send
 * replayed after a crash with the same key returns the first one instead of sending again. A
 * verification sends at most twice: the first send (1) and the SMS fallback (2), whichever step
 * (start, timer, recovery) makes it.
 */
export const sendKeys = {
  first: (sid: string) => `${sid}:attempt:1`,
  fallback: (sid: string) => `${sid}:attempt:2`,
};
