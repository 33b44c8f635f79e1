import { isDomainError, outcomeUnknown } from '@otp/platform';
import { neverSent } from '../domain/status.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';

// A code's money. A direct send's fee is held before the provider's send-ability check (`<sid>:hold`:
// the provider charges the operator for a successful check, so the customer's balance is secured
// first), captured as the charge once the number can be reached (`<sid>:charge`), released when it
// cannot (`<sid>:release`), and refunded when a charged code never reached the user
// (`<sid>:refund`). Verify's send (its balance proved by Verify's hold) is held and captured in
// one call after the check, under the same two keys. Every call carries its key, so replaying any
// step moves money once, and a give-back that never learned the hold's id finds it by its key.

/** A refusal Billing answered (nothing moved), with one of `codes`. */
function refusedWith(error: unknown, ...codes: string[]): boolean {
  return isDomainError(error) && !outcomeUnknown(error) && codes.includes(error.code);
}

export function holdRequest(code: Pick<Code, 'sid' | 'projectId'>, feeCents: number) {
  return {
    project_id: code.projectId,
    amount_cents: feeCents,
    idempotency_key: `${code.sid}:hold`,
    reference: code.sid,
    description: 'messenger code',
  };
}

/**
 * Releases the code's hold if it is still held; true when it was (or none was ever taken: nothing
 * was charged), false when it was captured (the charge needs a refund). A hold whose id was never
 * learned is found by replaying its key; if it never existed that takes it now, and the release
 * gives it straight back.
 */
export async function releaseHold(
  deps: MessengerDeps,
  code: Pick<Code, 'sid' | 'projectId' | 'holdId' | 'costCents'>,
): Promise<boolean> {
  let holdId = code.holdId;
  if (holdId === '') return false; // charged directly, before holds were used
  if (holdId === null) {
    if (code.costCents > 0) return false;
    try {
      holdId = (await deps.billing.Hold(holdRequest(code, await deps.messengerFee()))).hold_id;
    } catch (error) {
      if (refusedWith(error, 'INSUFFICIENT_BALANCE')) return true; // no hold under this key, and none taken
      throw error;
    }
  }
  try {
    await deps.billing.Release({ hold_id: holdId, idempotency_key: `${code.sid}:release` });
    return true;
  } catch (error) {
    if (refusedWith(error, 'HOLD_NOT_ACTIVE', 'HOLD_NOT_FOUND')) return false;
    throw error;
  }
}

/**
 * Gives back what a code whose refund is due took: its hold if it was never captured, else the
 * fee it was charged. Billing's keys make a repeat (a retry, a second process) a no-op; a failure
 * leaves the refund due and the timer tries again.
 */
export async function refundCode(
  deps: MessengerDeps,
  code: Pick<Code, 'sid' | 'projectId' | 'costCents' | 'refund' | 'holdId' | 'status'>,
): Promise<boolean> {
  if (code.refund !== 'due') return false;
  // A code the provider took (sent and beyond) was charged for sure: no hold is left.
  const charged = code.costCents > 0 && !neverSent(code.status);
  try {
    if (charged || !(await releaseHold(deps, code))) {
      await deps.billing.Refund({
        project_id: code.projectId,
        // A capture whose answer was lost is the whole fee.
        amount_cents: code.costCents || (await deps.messengerFee()),
        idempotency_key: `${code.sid}:refund`,
        reference: code.sid,
        description: 'messenger code not delivered',
      });
    }
  } catch (error) {
    // The charge never reached the ledger (its call failed in flight): there is nothing to give back.
    if (!refusedWith(error, 'REFUND_EXCEEDS_CHARGE')) {
      deps.logger.warn({ err: error, sid: code.sid }, 'messenger refund failed, will retry');
      return false;
    }
  }
  await deps.codes.markRefunded(code.sid, deps.clock.now());
  return true;
}
