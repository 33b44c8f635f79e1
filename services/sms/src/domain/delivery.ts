// The delivery rules of an SMS: its states, how many times the carrier is tried, how long the
// worker waits between tries.

/** The statuses the API shows (spec). */
export type SmsStatus = 'queued' | 'processing' | 'sent' | 'failed' | 'enqueue_failed';

/**
 * Internal ones, never shown: `accepted` is the intent, written before the hold so a crash can be
 * undone; `discarded` is an intent that ended with nothing sent (refused hold, or abandoned).
 */
export type SmsIntentStatus = 'accepted' | 'discarded';

export type SmsPurpose = 'direct' | 'verify';

/**
 * What a message costs the customer now: its price until it ends unsent. A failed message was
 * refunded and one the queue refused was never charged, so both show 0.00, as refunded sends do in
 * a verification and a refunded messenger code does: the ledger and the API always agree.
 */
export function currentCostCents(status: string, costCents: number): number {
  return status === 'failed' || status === 'enqueue_failed' ? 0 : costCents;
}

/**
 * The spec allows up to 5 retries: 6 deliveries that spend one in all. A delivery spends one when
 * a carrier refused it for a passing reason or left it unanswered; a throttled one spends none
 * (SMS_MAX_AGE_MS bounds those). `attempts` (shown) counts every try at a carrier besides.
 */
export const MAX_SUBMIT_ATTEMPTS = 6;

/** What the worker does after a delivery that spent a retry (`retryAttempts` of them so far): try again later, or give up. */
export function afterFailedSubmit(retryAttempts: number): 'retry' | 'give_up' {
  return retryAttempts >= MAX_SUBMIT_ATTEMPTS ? 'give_up' : 'retry';
}

/** The longest wait before a delivery that threw is tried again, so SMS_MAX_AGE_MS can end it. */
const MAX_ERROR_RETRY_MS = 60_000;

/**
 * The wait before a delivery that threw (its database or Billing away) is tried again: the
 * backoff, at most a minute. Once the message is older than SMS_MAX_AGE_MS it fails instead.
 */
export function errorRetryDelayMs(baseMs: number, deliveryCount: number): number {
  return Math.min(MAX_ERROR_RETRY_MS, retryDelayMs(baseMs, deliveryCount));
}

/**
 * A delivery found a try of this message whose outcome was never written (its process stopped
 * between the submit and the record of the answer; JetStream hands a message out again only after
 * its holder stopped saying it works on it). The carrier may have the message, so sending it again
 * could reach the recipient twice: once the try's answer can no longer come (`answerWithinMs`
 * after it started), the message fails with its money given back. Before that, a holder that only
 * lost NATS may still be finishing it: look again later.
 */
export function afterUnfinishedTry(
  startedAt: Date,
  now: Date,
  answerWithinMs: number,
): { kind: 'wait'; ms: number } | { kind: 'unknown' } {
  const left = startedAt.getTime() + answerWithinMs - now.getTime();
  return left > 0 ? { kind: 'wait', ms: left } : { kind: 'unknown' };
}

/** Exponential backoff before retry number `retry` (1-based): base, 2 x base, 4 x base, ... */
export function retryDelayMs(baseMs: number, retry: number): number {
  return baseMs * 2 ** Math.min(30, Math.max(0, retry - 1));
}
