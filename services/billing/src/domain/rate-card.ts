// The SMS rate card as shipped (data/sms-rates.json), and the version a caller keeping it checks.
// The pricing rule itself (priceFor, quoteFor) is in @otp/platform: the SMS service prices its
// sends with it on the card Billing.ListRates gives it.
import { createHash } from 'node:crypto';
import type { PriceList } from '@otp/platform';
import { z } from 'zod';

export const rateCardFile = z.object({
  rates: z
    .array(
      z.object({
        country: z.string().regex(/^[A-Z]{2}$/),
        network: z.string().min(1),
        mcc_mnc: z.string().regex(/^\d{3}-\d{2,3}$/),
        prefixes: z.array(z.string().regex(/^\d{1,15}$/)).min(1),
        price_cents: z.number().int().positive(),
      }),
    )
    .min(1),
});

/**
 * A digest of everything a quote reads (every rate in order, and the fees): equal on every replica
 * that loaded the same card and fees, different as soon as one price differs.
 */
export function priceListVersion(list: PriceList): string {
  const content = JSON.stringify({
    rates: list.rates.map((rate) => [rate.country, rate.network, rate.mcc_mnc, rate.prefixes, rate.price_cents]),
    fees: [list.verifyFeeCents, list.messengerFeeCents],
  });
  return createHash('sha256').update(content).digest('base64url').slice(0, 22);
}
