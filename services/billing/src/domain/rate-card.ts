// The SMS price of a destination: the network whose prefix matches the most digits of the number;
// a number no prefix matches costs the highest price of its country (never undercharge); a country
// without any rate is not priced.
import { z } from 'zod';

export interface Rate {
  country: string;
  network: string;
  mcc_mnc: string;
  prefixes: string[];
  price_cents: number;
}

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

export type SmsPrice = { priced: true; rate: Rate; networkIdentified: boolean } | { priced: false };

export function priceFor(rates: readonly Rate[], e164: string, country: string): SmsPrice {
  const digits = e164.replace(/^\+/, '');
  const inCountry = rates.filter((rate) => rate.country === country);
  if (inCountry.length === 0) return { priced: false };

  let best: { rate: Rate; length: number } | undefined;
  for (const rate of inCountry) {
    for (const prefix of rate.prefixes) {
      if (digits.startsWith(prefix) && (!best || prefix.length > best.length)) best = { rate, length: prefix.length };
    }
  }
  if (best) return { priced: true, rate: best.rate, networkIdentified: true };

  const highest = inCountry.reduce((top, rate) => (rate.price_cents > top.price_cents ? rate : top));
  return { priced: true, rate: highest, networkIdentified: false };
}
