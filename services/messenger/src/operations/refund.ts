import { giveBack, type TakenMoney } from '@otp/platform';
import { neverSent } from '../domain/status.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';

// A code's money. A direct send's fee is held before the provider's send-ability check (`<sid>:hold`:
// the provider charges the operator for a successful check, so the customer's balance is secured
// first), captured as the charge once the number can be reached (`<sid>:charge`), released when it
// cannot (`<sid>:release`), and refunded when a charged code never reached the user
// (`<sid>:refund`). Verify's send (its balance proved by Verify's hold) is held and captured in
// one call after the check, under the same two keys. Every call carries its key, so replaying any
// step moves money once; giving it back is the platform's one give-back (giveBack).

export function holdRequest(code: Pick<Code, 'sid' | 'projectId'>, feeCents: number) {
  return {
    project_id: code.projectId,
    amount_cents: feeCents,
    idempotency_key: `${code.sid}:hold`,
    reference: code.sid,
    description: 'messenger code',
  };
}

type CodeMoney = Pick<Code, 'sid' | 'projectId' | 'costCents' | 'holdId' | 'status'>;

/**
 * What the code took, as the give-back needs it: its hold (by id, or found by replaying its key
 * when the id was never learned) unless it is known to be captured, and the refund of its fee.
 */
async function takenBy(deps: MessengerDeps, code: CodeMoney): Promise<TakenMoney> {
  const fee = await deps.messengerFee();
  // A code the provider took (sent and beyond) was charged for sure, and '' is a code charged
  // without a hold (before holds were used): no hold is left to release.
  const charged = code.holdId === '' || (code.costCents > 0 && !neverSent(code.status));
  return {
    ...(charged
      ? {}
      : { hold: { id: code.holdId, request: holdRequest(code, fee), releaseKey: `${code.sid}:release` } }),
    refund: {
      project_id: code.projectId,
      // A capture whose answer was lost is the whole fee.
      amount_cents: code.costCents || fee,
      idempotency_key: `${code.sid}:refund`,
      reference: code.sid,
      description: 'messenger code not delivered',
    },
  };
}

/** Gives back what the code took (throws while Billing's answer is unknown). */
export async function giveBackFee(deps: MessengerDeps, code: CodeMoney): Promise<void> {
  await giveBack(deps.billing, await takenBy(deps, code));
}

/**
 * Gives back what a code whose refund is due took, then marks it done. A failure leaves the
 * refund due and the timer tries again; the spend limit never keeps it waiting (giveBack).
 */
export async function refundCode(deps: MessengerDeps, code: CodeMoney & Pick<Code, 'refund'>): Promise<boolean> {
  if (code.refund !== 'due') return false;
  try {
    await giveBackFee(deps, code);
  } catch (error) {
    deps.logger.warn({ err: error, sid: code.sid }, 'messenger refund failed, will retry');
    return false;
  }
  await deps.codes.markRefunded(code.sid, deps.clock.now());
  return true;
}
