import type { PromiseClient } from '@otp/platform';
import type { BillingClient } from '@otp/proto';

/**
 * The messenger fee, asked of Billing once per process instead of on every send. Fees are
 * configuration rows in billing's schema that only a migration changes, and Billing itself reads
 * them once at its start, so a new fee already needs a restart (of Billing, and now of this
 * service too) to apply. A failed lookup is not kept: the next send asks again.
 */
export function messengerFeeOnce(billing: PromiseClient<BillingClient>): () => Promise<number> {
  let fee: Promise<number> | undefined;
  return () => {
    fee ??= billing.GetFees({}).then(
      (fees) => fees.messenger_fee_cents,
      (error: unknown) => {
        fee = undefined;
        throw error;
      },
    );
    return fee;
  };
}
