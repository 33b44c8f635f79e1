import { ensureTimeLeft, giveBack } from '@otp/platform';
import { moneyKeys } from '../domain/settlement.js';
import type { StartIntent } from '../store/start-intents.js';
import type { FlowDeps } from './deps.js';

// The money of a start: one hold of fee + first send proves the balance covers both (402
// otherwise); capturing only the fee turns it into the Verify fee charge and gives the send's
// share back, which the channel service then charges for its send. Both happen in one Billing
// call (Hold with capture_cents), recorded under the same two keys as a Hold and a Capture, so an
// older replica undoing or finishing the start finds what it expects. Every call carries a key
// derived from the sid, so finishing or undoing a start after a crash replays, never repeats.

const FEE_DESCRIPTION = 'verify fee';

type StartMoney = Pick<StartIntent, 'sid' | 'projectId' | 'holdCents' | 'feeCents'>;

function holdRequest(intent: StartMoney) {
  return {
    project_id: intent.projectId,
    amount_cents: intent.holdCents,
    idempotency_key: moneyKeys.hold(intent.sid),
    reference: intent.sid,
    description: 'verify fee and first send',
  };
}

/**
 * Holds fee + first send and captures the fee, in one call. `onHold` learns the hold as soon as
 * it exists, so a failed capture can still be undone by id. A hold that comes back still `held`
 * (a Billing from before capture_cents, or the replay of a hold an earlier try took alone) is
 * captured with a second call, as it always was.
 */
export async function takeStartMoney(
  deps: FlowDeps,
  intent: StartMoney,
  onHold: (holdId: string) => void,
): Promise<void> {
  ensureTimeLeft('the hold');
  const hold = await deps.peers.billing.Hold({
    ...holdRequest(intent),
    capture_cents: intent.feeCents,
    capture_idempotency_key: moneyKeys.fee(intent.sid),
    capture_description: FEE_DESCRIPTION,
  });
  onHold(hold.hold_id);
  if (hold.status === 'captured') return;
  await deps.peers.billing.Capture({
    hold_id: hold.hold_id,
    idempotency_key: moneyKeys.fee(intent.sid),
    amount_cents: intent.feeCents,
    description: FEE_DESCRIPTION,
  });
}

/**
 * Gives back whatever a start that will not happen took: the hold if it is still held (found by
 * replaying its key when its id was never learned), else the fee it captured (the platform's one
 * give-back, giveBack). Resolves only once Billing confirmed; throws while Billing is away, and
 * the recovery pass tries again.
 */
export async function giveBackStartMoney(
  deps: FlowDeps,
  intent: StartMoney & { holdId: string | null },
): Promise<void> {
  await giveBack(deps.peers.billing, {
    hold: { id: intent.holdId, request: holdRequest(intent), releaseKey: moneyKeys.release(intent.sid) },
    refund: {
      project_id: intent.projectId,
      amount_cents: intent.feeCents,
      idempotency_key: moneyKeys.feeRefund(intent.sid),
      reference: intent.sid,
      description: 'verify fee: not started',
    },
  });
}
