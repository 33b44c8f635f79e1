import type { Rate } from '../domain/rate-card.js';
import type { Db } from './database.js';

export interface Fees {
  verifyCents: number;
  messengerCents: number;
}

/**
 * Replaces the stored rate card with the shipped data file, in one transaction. Replicas start at
 * once: without the lock, two deletes see the same old rows and both inserts collide on the
 * network's unique key, so the second replica would fail to start.
 */
export async function syncRateCard(db: Db, rates: readonly Rate[]): Promise<void> {
  await db.$transaction([
    db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('billing.sync_rate_card'))`,
    db.smsRate.deleteMany({}),
    db.smsRate.createMany({
      data: rates.map((rate) => ({
        country: rate.country,
        network: rate.network,
        mccMnc: rate.mcc_mnc,
        prefixes: rate.prefixes,
        priceCents: rate.price_cents,
      })),
    }),
  ]);
}

export async function loadRateCard(db: Db): Promise<Rate[]> {
  const rows = await db.smsRate.findMany({ orderBy: [{ country: 'asc' }, { priceCents: 'asc' }] });
  return rows.map((row) => ({
    country: row.country,
    network: row.network,
    mcc_mnc: row.mccMnc,
    prefixes: row.prefixes,
    price_cents: row.priceCents,
  }));
}

export async function loadFees(db: Db): Promise<Fees> {
  const rows = await db.fee.findMany();
  const fee = (name: string): number => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`fee "${name}" missing from billing.fees`);
    return row.amountCents;
  };
  return { verifyCents: fee('verify'), messengerCents: fee('messenger') };
}
