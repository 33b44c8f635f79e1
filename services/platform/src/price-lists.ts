import type { BillingClient } from '@otp/proto';
import type { PromiseClient } from './grpc/client.js';
import type { PhoneNumber } from './phone.js';
import { SettingsCache, SETTINGS_MAX_AGE_MS } from './settings-cache.js';
import { quoteFor, type PriceList, type SmsQuote } from './sms-price.js';

/**
 * Billing's rate card and fees, kept in the process that prices (the SMS service, each send;
 * Verify, a start's fees and its destination's price) so that a quote costs no Billing call
 * (Billing owns the prices; the rule is quoteFor, the one Billing.Quote answers with). What is
 * kept is checked at most `maxAgeMs` old: Billing.ListRates with the version held answers
 * `unchanged` without the rates, so a card Billing changed (a restart with a new file) prices
 * from a second later at most. Concurrent quotes share one check; a check that fails is not
 * kept, so the quote fails as Billing.Quote would have and the next one asks again. A Billing
 * from before versions (it answers no version) is asked Quote every time, as before: its answer
 * carries no fees, which a quote must not lose.
 */
export class PriceLists {
  private held: { version: string; list: PriceList } | undefined;
  private readonly checked: SettingsCache<PriceList | undefined>;

  constructor(
    private readonly billing: PromiseClient<BillingClient>,
    maxAgeMs = SETTINGS_MAX_AGE_MS,
    now: () => number = Date.now,
  ) {
    this.checked = new SettingsCache(maxAgeMs, now);
  }

  /** The quote of an SMS to `phone` (`DESTINATION_NOT_PRICED` when its country has no rate). */
  async quote(phone: Pick<PhoneNumber, 'e164' | 'country'>): Promise<SmsQuote> {
    const list = await this.checked.get('', () => this.check());
    return list ? quoteFor(list, phone) : this.billing.Quote({ to: phone.e164 });
  }

  private async check(): Promise<PriceList | undefined> {
    const known = this.held;
    const card = await this.billing.ListRates({ known_version: known?.version ?? '' });
    if (card.unchanged && known) return known.list;
    if (!card.version) return undefined;
    const list: PriceList = {
      rates: card.rates.map((rate) => ({ ...rate, prefixes: [...rate.prefixes] })),
      verifyFeeCents: card.verify_fee_cents,
      messengerFeeCents: card.messenger_fee_cents,
    };
    this.held = { version: card.version, list };
    return list;
  }
}
