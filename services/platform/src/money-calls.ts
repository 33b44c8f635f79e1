import type { BillingClient } from '@otp/proto';
import { outcomeUnknown } from './errors.js';
import type { PromiseClient } from './grpc/client.js';
import type { Logger } from './logging.js';

type Billing = Pick<PromiseClient<BillingClient>, 'Hold' | 'Release'>;
type HoldRequest = Parameters<Billing['Hold']>[0];

/**
 * Billing.Hold for a send that is about to happen. When Billing gives no answer (a timeout), the
 * hold may exist with nothing left to capture or release it, so it is undone at once: the same key
 * replays the hold (or takes it, if the first call never arrived) and it is released. A failed
 * send then never leaves money held. The undo is best effort: if Billing is still away, it is logged.
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
      await billing
        .Hold(request)
        .then((hold) => billing.Release({ hold_id: hold.hold_id, idempotency_key: releaseKey }))
        .catch((undoError: unknown) =>
          logger.error(
            { reference: request.reference, err: undoError },
            'a hold of unknown outcome could not be undone',
          ),
        );
    }
    throw error;
  }
}
