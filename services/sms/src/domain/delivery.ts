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

/** The spec allows up to 5 retries: 6 submit attempts in all. */
export const MAX_SUBMIT_ATTEMPTS = 6;

/** What the worker does after a failed submit: try again later, or give up. */
export function afterFailedSubmit(attempts: number): 'retry' | 'give_up' {
  return attempts >= MAX_SUBMIT_ATTEMPTS ? 'give_up' : 'retry';
}

/** Exponential backoff before retry number `retry` (1-based): base, 2 x base, 4 x base, ... */
export function retryDelayMs(baseMs: number, retry: number): number {
  return baseMs * 2 ** Math.max(0, retry - 1);
}
