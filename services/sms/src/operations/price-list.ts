import {
  quoteFor,
  SettingsCache,
  SETTINGS_MAX_AGE_MS,
  type PhoneNumber,
  type PriceList,
  type PromiseClient,
  type SmsQuote,
} from '@otp/platform';
import type { BillingClient } from '@otp/proto';

/**
 * Billing's rate card and fees, kept in this process so that a send is priced without a Billing
 * call (Billing owns the prices; the rule is @otp/platform's quoteFor, the one Billing.Quote
 * answers with). What is kept is checked at most `maxAgeMs` old: Billing.ListRates with the
 * version held answers `unchanged` without the rates, so a card Billing changed (a restart with a
 * new file) prices the sends from a second later at most. Concurrent sends share one check; a
 * check that fails is not kept, so the send fails as its Quote would have and the next one asks
 * again. A Billing from before versions (it answers no version) is asked Quote on every send, as
 * before: its answer carries no fees, which a quote must not lose.
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
