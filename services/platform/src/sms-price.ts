import { DomainError } from './errors.js';
import type { PhoneNumber } from './phone.js';

// The SMS price of a destination: the network whose prefix matches the most digits of the number;
// a number no prefix matches costs the highest price of its country (never undercharge); a country
// without any rate is not priced. Billing owns the rate card and answers Quote with this rule; the
// SMS service prices its sends with the same rule on the card it keeps (Billing.ListRates, checked
// by version), so the rule lives here once.

export interface Rate {
  country: string;
  network: string;
  mcc_mnc: string;
  prefixes: string[];
  price_cents: number;
}

/** What a quote is made of: Billing's rate card and its flat fees. */
export interface PriceList {
  rates: readonly Rate[];
  verifyFeeCents: number;
  messengerFeeCents: number;
}

export type SmsPrice = { priced: true; rate: Rate; networkIdentified: boolean } | { priced: false };

/** The answer of Billing.Quote (billing.proto QuoteResult), wherever it is computed. */
export interface SmsQuote {
  country: string;
  /** Empty when the number matched no network prefix. */
  network: string;
  mcc_mnc: string;
  /** Per segment. */
  sms_price_cents: number;
  network_identified: boolean;
  verify_fee_cents: number;
  messenger_fee_cents: number;
}

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

/** The quote of an SMS to `phone`; `422 DESTINATION_NOT_PRICED` when its country has no rate. */
export function quoteFor(list: PriceList, phone: Pick<PhoneNumber, 'e164' | 'country'>): SmsQuote {
  const price = priceFor(list.rates, phone.e164, phone.country);
  if (!price.priced) throw new DomainError('DESTINATION_NOT_PRICED', `no SMS price for ${phone.country} numbers`);
  return {
    country: phone.country,
    network: price.networkIdentified ? price.rate.network : '',
    mcc_mnc: price.networkIdentified ? price.rate.mcc_mnc : '',
    sms_price_cents: price.rate.price_cents,
    network_identified: price.networkIdentified,
    verify_fee_cents: list.verifyFeeCents,
    messenger_fee_cents: list.messengerFeeCents,
  };
}
