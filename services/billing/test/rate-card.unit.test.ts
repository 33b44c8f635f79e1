import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from '@jest/globals';
import { priceFor } from '@otp/platform';
import { priceListVersion, rateCardFile } from '../src/domain/rate-card.js';

const shipped = rateCardFile.parse(
  JSON.parse(readFileSync(new URL('../data/sms-rates.json', import.meta.url), 'utf8')),
);

describe('priceFor (the shipped rate card)', () => {
  const cases = [
    { to: '+447700123456', country: 'GB', network: 'Vodafone UK', price: 5, identified: true },
    { to: '+447400123490', country: 'GB', network: 'EE', price: 4, identified: true },
    { to: '+447710123497', country: 'GB', network: 'O2 UK', price: 3, identified: true },
    { to: '+447720123456', country: 'GB', network: 'Three UK', price: 6, identified: true },
    // no GB prefix matches: the country's highest price, never an undercharge
    { to: '+447960123456', country: 'GB', network: 'Three UK', price: 6, identified: false },
    { to: '+14155550190', country: 'US', network: 'US carriers', price: 1, identified: true },
    { to: '+4915112345690', country: 'DE', network: 'Telekom', price: 9, identified: true },
  ];
  for (const c of cases) {
    it(`${c.to} -> ${c.network} at ${c.price}c${c.identified ? '' : ' (unidentified)'}`, () => {
      const price = priceFor(shipped.rates, c.to, c.country);
      assert.equal(price.priced, true);
      if (!price.priced) return;
      assert.equal(price.rate.network, c.network);
      assert.equal(price.rate.price_cents, c.price);
      assert.equal(price.networkIdentified, c.identified);
    });
  }

  it('leaves a valid country without rates unpriced (JP)', () => {
    assert.deepEqual(priceFor(shipped.rates, '+819012345678', 'JP'), { priced: false });
  });

  it('picks the longest matching prefix', () => {
    const rates = [
      { country: 'GB', network: 'short', mcc_mnc: '234-01', prefixes: ['4477'], price_cents: 2 },
      { country: 'GB', network: 'long', mcc_mnc: '234-02', prefixes: ['447712'], price_cents: 7 },
    ];
    const price = priceFor(rates, '+447712345678', 'GB');
    assert.ok(price.priced && price.rate.network === 'long');
  });

  it('ships at least 6 countries, one with 3+ differently priced networks', () => {
    const countries = new Set(shipped.rates.map((r) => r.country));
    assert.ok(countries.size >= 6);
    const gbPrices = new Set(shipped.rates.filter((r) => r.country === 'GB').map((r) => r.price_cents));
    assert.ok(gbPrices.size >= 3);
  });
});

describe('priceListVersion (what the SMS service checks its kept card against)', () => {
  const list = { rates: shipped.rates, verifyFeeCents: 2, messengerFeeCents: 2 };
  const version = priceListVersion(list);

  it('is the same for the same card and fees, loaded again', () => {
    assert.equal(priceListVersion({ ...list, rates: shipped.rates.map((rate) => ({ ...rate })) }), version);
  });

  it('changes with any price, prefix or fee', () => {
    const changed = (i: number, change: Partial<(typeof shipped.rates)[number]>) =>
      shipped.rates.map((rate, j) => (j === i ? { ...rate, ...change } : rate));
    const last = shipped.rates.length - 1;
    const variants = [
      { ...list, rates: changed(0, { price_cents: shipped.rates[0]!.price_cents + 1 }) },
      { ...list, rates: changed(last, { prefixes: [...shipped.rates[last]!.prefixes, '999'] }) },
      { ...list, rates: shipped.rates.slice(1) },
      { ...list, verifyFeeCents: 3 },
      { ...list, messengerFeeCents: 3 },
    ];
    const versions = variants.map(priceListVersion);
    assert.equal(new Set([version, ...versions]).size, variants.length + 1);
  });
});
