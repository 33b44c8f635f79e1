import type { BillingClient } from '@otp/proto';
import { isDomainError, outcomeUnknown } from './errors.js';
import type { PromiseClient } from './grpc/client.js';
import type { Logger } from './logging.js';

type Billing = Pick<PromiseClient<BillingClient>, 'Hold' | 'Release' | 'Refund'>;
type HoldRequest = Parameters<Billing['Hold']>[0];
type RefundRequest = Parameters<Billing['Refund']>[0];

/** A refusal Billing answered (nothing moved), with one of `codes`; never an unknown outcome. */
function refusedWith(error: unknown, ...codes: string[]): boolean {
  return isDomainError(error) && !outcomeUnknown(error) && codes.includes(error.code);
}

/**
 * What a resource took that it must give back, named by the resource's own keys (so giving back
 * twice, from two replicas or after a crash, moves money once).
 */
export interface TakenMoney {
  /**
   * A hold that may still be held, released whole. `id` null: its id was never learned, and
   * `request` (the hold as it was asked) is replayed to find it. Absent: no hold is left (it was
   * captured, or there never was one).
   */
  hold?: { id: string | null; request?: HoldRequest; releaseKey: string };
  /** The charge to refund when the hold turns out captured, or when there is no hold. Absent: nothing was ever captured. */
  refund?: RefundRequest;
}

/** What a give-back did: the hold released, the charge refunded, or nothing was left to give back. */
export type GivenBack = 'released' | 'refunded' | 'nothing';

/**
 * The one give-back of money (release and refund) every service uses. A hold still held is
 * released; one already captured (or a charge without a hold) is refunded; Billing's refusals that
 * mean "nothing of that kind to give back" end it quietly. A hold whose id was never learned is
 * found by replaying its request with its key: that answers the hold if it was taken, or takes it
 * now (so a late first call can no longer take it) and it is released at once. Any refusal of that
 * replay (the balance, the daily spend limit) means no hold exists under the key and none was
 * taken: nothing to give back, so a give-back is never kept waiting by the spend limit. Throws only
 * while Billing's answer is unknown (the caller keeps the give-back due and tries again).
 */
export async function giveBack(billing: Billing, taken: TakenMoney): Promise<GivenBack> {
  if (taken.hold) {
    let holdId = taken.hold.id;
    if (holdId === null && taken.hold.request) {
      try {
        holdId = (await billing.Hold(taken.hold.request)).hold_id;
      } catch (error) {
        if (outcomeUnknown(error)) throw error;
        return 'nothing';
      }
    }
    if (holdId) {
      try {
        await billing.Release({ hold_id: holdId, idempotency_key: taken.hold.releaseKey });
        return 'released';
      } catch (error) {
        // Captured (or released under another key): the charge, if any, is refunded below.
        if (!refusedWith(error, 'HOLD_NOT_ACTIVE', 'HOLD_NOT_FOUND')) throw error;
      }
    }
  }
  if (!taken.refund) return 'nothing';
  try {
    await billing.Refund(taken.refund);
    return 'refunded';
  } catch (error) {
    // The charge never reached the ledger (its call failed in flight), or it is back already.
    if (refusedWith(error, 'REFUND_EXCEEDS_CHARGE')) return 'nothing';
    throw error;
  }
}

/**
 * Billing.Hold for a send that is about to happen. When Billing gives no answer (a timeout), the
 * hold may exist with nothing left to capture or release it, so it is undone at once (giveBack:
 * the same key replays the hold, or takes it if the first call never arrived, and releases it).
 * A failed send then never leaves money held. The undo is best effort: if Billing is still away,
 * it is logged.
 */
export async function holdOrUndo(
  billing: Billing,
  request: HoldRequest,
  releaseKey: string,
  logger: Logger,
): ReturnType<Billing['Hold']> {
  try {
    return await billing.Hold(request);
  } catch (error) {
    if (outcomeUnknown(error)) {
      await giveBack(billing, { hold: { id: null, request, releaseKey } }).catch((undoError: unknown) =>
        logger.error({ reference: request.reference, err: undoError }, 'a hold of unknown outcome could not be undone'),
      );
    }
    throw error;
  }
}
