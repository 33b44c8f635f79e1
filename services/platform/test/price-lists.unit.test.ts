import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError, type PromiseClient } from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import { PriceLists } from '../src/price-lists.js';

// The prices the SMS service keeps instead of asking Billing.Quote on every send: how fresh they
// are, and what a send is priced at. Billing is a stand-in answering ListRates as the real one does
// (billing's own suite tests that side); the quotes are checked against the shared rule's answers.

const VODAFONE = { country: 'GB', network: 'Vodafone UK', mcc_mnc: '234-15', prefixes: ['447700'], price_cents: 5 };
const EE = { country: 'GB', network: 'EE', mcc_mnc: '234-30', prefixes: ['4474'], price_cents: 4 };
const UK_VODAFONE = { e164: '+447700123456', country: 'GB' };
/** What Billing.Quote answers for UK_VODAFONE with the card [VODAFONE, EE] and fees of 2 cents. */
const VODAFONE_QUOTE = {
  country: 'GB',
  network: 'Vodafone UK',
  mcc_mnc: '234-15',
  sms_price_cents: 5,
  network_identified: true,
  verify_fee_cents: 2,
  messenger_fee_cents: 2,
};

/** A Billing answering ListRates from `card` (and counting its calls), or with `down` set, failing. */
function billingWith(card: { version: string; rates: (typeof VODAFONE)[]; verifyFee?: number }) {
  const calls: string[] = [];
  const billing = {
    down: false,
    card,
    calls,
    ListRates: async ({ known_version }: { known_version: string }) => {
      calls.push(known_version);
      if (billing.down) throw new DomainError('SERVICE_UNAVAILABLE', 'billing is down');
      const fees = { verify_fee_cents: billing.card.verifyFee ?? 2, messenger_fee_cents: 2 };
      if (known_version === billing.card.version) {
        return { rates: [], version: billing.card.version, unchanged: true, ...fees };
      }
      return { rates: billing.card.rates, version: billing.card.version, unchanged: false, ...fees };
    },
    Quote: async () => {
      calls.push('Quote');
      return VODAFONE_QUOTE;
    },
  };
  return billing;
}

function pricesOf(billing: ReturnType<typeof billingWith>) {
  let now = 0;
  const prices = new PriceLists(billing as unknown as PromiseClient<BillingClient>, 1000, () => now);
  return { prices, advance: (ms: number) => (now += ms) };
}

describe('PriceLists: Billing.Quote without a call per send', () => {
  it('prices with the rule Billing quotes with: network, unidentified numbers, fees, unpriced countries', async () => {
    const { prices } = pricesOf(billingWith({ version: 'v1', rates: [VODAFONE, EE] }));
    assert.deepEqual(await prices.quote(UK_VODAFONE), VODAFONE_QUOTE);
    // No prefix matches: the country's highest price, never an undercharge.
    const unknown = await prices.quote({ e164: '+447960123456', country: 'GB' });
    assert.deepEqual([unknown.sms_price_cents, unknown.network, unknown.network_identified], [5, '', false]);
    await assert.rejects(prices.quote({ e164: '+819012345678', country: 'JP' }), { code: 'DESTINATION_NOT_PRICED' });
  });

  it('asks Billing once a second at most, and with the version it holds', async () => {
    const billing = billingWith({ version: 'v1', rates: [VODAFONE] });
    const { prices, advance } = pricesOf(billing);
    await Promise.all(Array.from({ length: 20 }, () => prices.quote(UK_VODAFONE)));
    advance(999);
    await prices.quote(UK_VODAFONE);
    assert.deepEqual(billing.calls, [''], 'one call for 21 sends within the second');
    advance(1);
    await prices.quote(UK_VODAFONE);
    assert.deepEqual(billing.calls, ['', 'v1'], 'then a check of the version held');
  });

  it('prices with a changed card from the next check on', async () => {
    const billing = billingWith({ version: 'v1', rates: [VODAFONE] });
    const { prices, advance } = pricesOf(billing);
    assert.equal((await prices.quote(UK_VODAFONE)).sms_price_cents, 5);
    billing.card = { version: 'v2', rates: [{ ...VODAFONE, price_cents: 7 }], verifyFee: 3 };
    assert.equal((await prices.quote(UK_VODAFONE)).sms_price_cents, 5, 'within the second: the card held');
    advance(1000);
    const quote = await prices.quote(UK_VODAFONE);
    assert.deepEqual([quote.sms_price_cents, quote.verify_fee_cents], [7, 3]);
    advance(1000);
    await prices.quote(UK_VODAFONE);
    assert.deepEqual(billing.calls, ['', 'v1', 'v2']);
  });

  it('a failed check fails the send (never a price older than the second) and is not kept', async () => {
    const billing = billingWith({ version: 'v1', rates: [VODAFONE] });
    const { prices, advance } = pricesOf(billing);
    await prices.quote(UK_VODAFONE);
    advance(1000);
    billing.down = true;
    await assert.rejects(prices.quote(UK_VODAFONE), { code: 'SERVICE_UNAVAILABLE' });
    billing.down = false;
    assert.equal((await prices.quote(UK_VODAFONE)).sms_price_cents, 5, 'the next send asks again');
    assert.deepEqual(billing.calls, ['', 'v1', 'v1']);
  });

  it('asks Quote on every send of a Billing that answers no version (one from before them)', async () => {
    const billing = billingWith({ version: '', rates: [VODAFONE] });
    const { prices } = pricesOf(billing);
    assert.equal((await prices.quote(UK_VODAFONE)).sms_price_cents, 5);
    await prices.quote(UK_VODAFONE);
    assert.deepEqual(billing.calls, ['', 'Quote', 'Quote']);
  });
});
