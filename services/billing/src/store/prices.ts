import { inPoolTransaction, poolRunner, type NamedStatement, type Rate, type SchemaPool } from '@otp/platform';

// The rate card and the fees: written and read once, at start-up, so on named statements
// (docs/developing.md, "Hot paths"): an idle billing never loads Prisma's query compiler.

export interface Fees {
  verifyCents: number;
  messengerCents: number;
}

const PRICE_STATEMENTS = {
  syncLock: {
    name: 'billing_rate_card_sync_lock',
    text: `SELECT pg_advisory_xact_lock(hashtext('billing.sync_rate_card'))`,
  },
  clearRates: { name: 'billing_rate_card_clear', text: 'DELETE FROM sms_rates' },
  /** $1 the shipped rates as a JSON array of the file's objects; ids follow the file's order. */
  insertRates: {
    name: 'billing_rate_card_insert',
    text: `INSERT INTO sms_rates (country, network, mcc_mnc, prefixes, price_cents)
           SELECT rate.country, rate.network, rate.mcc_mnc, rate.prefixes, rate.price_cents
             FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
                    AS (country text, network text, mcc_mnc text, prefixes text[], price_cents int))
                  WITH ORDINALITY AS rate(country, network, mcc_mnc, prefixes, price_cents, place)
            ORDER BY rate.place`,
  },
  /** Ties keep the file's order (the id), so a price never depends on how rows lie on disk. */
  rates: {
    name: 'billing_rate_card',
    text: 'SELECT country, network, mcc_mnc, prefixes, price_cents FROM sms_rates ORDER BY country, price_cents, id',
  },
  fees: { name: 'billing_fees', text: 'SELECT name, amount_cents FROM fees' },
} satisfies Record<string, NamedStatement>;

/**
 * Replaces the stored rate card with the shipped data file, in one transaction. Replicas start at
 * once: without the lock, two deletes see the same old rows and both inserts collide on the
 * network's unique key, so the second replica would fail to start.
 */
export async function syncRateCard(pool: SchemaPool, rates: readonly Rate[]): Promise<void> {
  await inPoolTransaction(pool, async (run) => {
    await run.rows(PRICE_STATEMENTS.syncLock, []);
    await run.rows(PRICE_STATEMENTS.clearRates, []);
    await run.rows(PRICE_STATEMENTS.insertRates, [JSON.stringify(rates)]);
  });
}

export async function loadRateCard(pool: SchemaPool): Promise<Rate[]> {
  const rows = await poolRunner(pool).rows<Rate>(PRICE_STATEMENTS.rates, []);
  return rows.map((row) => ({
    country: row.country,
    network: row.network,
    mcc_mnc: row.mcc_mnc,
    prefixes: row.prefixes,
    price_cents: row.price_cents,
  }));
}

export async function loadFees(pool: SchemaPool): Promise<Fees> {
  const rows = await poolRunner(pool).rows<{ name: string; amount_cents: number }>(PRICE_STATEMENTS.fees, []);
  const fee = (name: string): number => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`fee "${name}" missing from billing.fees`);
    return row.amount_cents;
  };
  return { verifyCents: fee('verify'), messengerCents: fee('messenger') };
}
