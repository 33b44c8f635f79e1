import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { DomainError, schemaPool, type Clock, type SchemaPool } from '@otp/platform';
import { freshDatabase, spendOf, spendWithinDailyLimit } from '@otp/test/infra';
import pg from 'pg';
import { openDatabase, type Db } from '../src/store/database.js';
import { Ledger } from '../src/store/ledger.js';

// The daily spend limit across UTC midnight: spend counts on the day the
// money was counted, so a release or refund after midnight of money counted the day before gives
// that day's spend back, never room under today's limit. Billing's ledger on real Postgres, its
// clock moved past midnight (Billing reads "today" from its clock, not the database's).

const LIMIT = 100;
const BEFORE_MIDNIGHT = new Date('2026-11-30T23:59:30.000Z');
const AFTER_MIDNIGHT = new Date('2026-12-01T00:00:30.000Z');

let pool: SchemaPool;
let db: Db;
let owner: pg.Pool;
let now = BEFORE_MIDNIGHT;
const clock: Clock = { now: () => now };
let ledger: Ledger;

function code(error: unknown): string {
  return error instanceof DomainError ? error.code : String(error);
}

async function project(id: string): Promise<void> {
  now = BEFORE_MIDNIGHT;
  await ledger.credit({
    projectId: id,
    amountCents: 1000,
    idempotencyKey: `${id}:credit`,
    reference: '',
    description: '',
  });
  await ledger.setSpendLimit(id, LIMIT);
}

const call = (projectId: string, reference: string, amountCents: number, reason: string) => ({
  projectId,
  amountCents,
  idempotencyKey: `${projectId}:${reference}:${reason}`,
  reference,
  description: reason,
});

/** The money invariants' per-day check over what the ledger counts (test/infra/invariants.ts). */
async function spendViolations(projectId: string): Promise<string[]> {
  return spendWithinDailyLimit({ projectId, ...(await spendOf(owner, projectId)) });
}

describe('daily spend limit across UTC midnight (billing ledger, real Postgres, clock moved)', () => {
  beforeAll(async () => {
    const url = await freshDatabase();
    pool = schemaPool(url, 'billing');
    db = openDatabase(url, 'billing', pool);
    owner = new pg.Pool({ connectionString: url, max: 2 });
    ledger = new Ledger(db, pool, clock);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await owner?.end();
  });

  it("a hold of yesterday released after midnight makes no room under today's limit", async () => {
    await project('p-release');
    const yesterday = await ledger.hold(call('p-release', 'SMold', 60, 'hold'));
    now = AFTER_MIDNIGHT;
    await ledger.charge(call('p-release', 'TGnew', 100, 'charge'));
    await ledger.release({ holdId: yesterday.result.hold_id, idempotencyKey: 'p-release:SMold:release' });
    // Today's 1.00 is spent: the 0.60 back was yesterday's spend.
    assert.equal((await ledger.setSpendLimit('p-release', LIMIT)).spentTodayCents, 100);
    await assert.rejects(ledger.charge(call('p-release', 'TGmore', 60, 'charge')), (error) => {
      return code(error) === 'SPEND_LIMIT_REACHED';
    });
    assert.deepEqual((await spendOf(owner, 'p-release')).spendDays, [
      { day: '2026-11-30', cents: 0 },
      { day: '2026-12-01', cents: 100 },
    ]);
    assert.deepEqual(await spendViolations('p-release'), []);
  });

  it("a refund after midnight of yesterday's charge gives yesterday's spend back, not today's", async () => {
    await project('p-refund');
    await ledger.charge(call('p-refund', 'TGold', 60, 'charge'));
    now = AFTER_MIDNIGHT;
    await ledger.charge(call('p-refund', 'TGnew', 100, 'charge'));
    await ledger.refund(call('p-refund', 'TGold', 60, 'refund'));
    await assert.rejects(ledger.charge(call('p-refund', 'TGmore', 60, 'charge')), (error) => {
      return code(error) === 'SPEND_LIMIT_REACHED';
    });
    assert.equal((await ledger.setSpendLimit('p-refund', LIMIT)).spentTodayCents, 100);
    assert.deepEqual(await spendViolations('p-refund'), []);
  });

  it('a hold of yesterday captured after midnight keeps its charge on yesterday, and gives the rest back to it', async () => {
    await project('p-capture');
    const yesterday = await ledger.hold(call('p-capture', 'SMcap', 80, 'hold'));
    now = AFTER_MIDNIGHT;
    await ledger.capture({
      holdId: yesterday.result.hold_id,
      idempotencyKey: 'p-capture:SMcap:capture',
      amountCents: 30,
      description: 'capture',
    });
    await ledger.charge(call('p-capture', 'TGnew', 100, 'charge'));
    await assert.rejects(ledger.charge(call('p-capture', 'TGmore', 1, 'charge')), (error) => {
      return code(error) === 'SPEND_LIMIT_REACHED';
    });
    // The refund of the capture, later today, goes back to yesterday as well.
    await ledger.refund(call('p-capture', 'SMcap', 30, 'refund'));
    assert.deepEqual((await spendOf(owner, 'p-capture')).spendDays, [
      { day: '2026-11-30', cents: 0 },
      { day: '2026-12-01', cents: 100 },
    ]);
    assert.deepEqual(await spendViolations('p-capture'), []);
  });

  it('money given back the same day still makes room under that day', async () => {
    await project('p-same');
    const hold = await ledger.hold(call('p-same', 'SMsame', 60, 'hold'));
    await ledger.release({ holdId: hold.result.hold_id, idempotencyKey: 'p-same:SMsame:release' });
    await ledger.charge(call('p-same', 'TGsame', 100, 'charge'));
    assert.equal((await ledger.setSpendLimit('p-same', LIMIT)).spentTodayCents, 100);
    assert.deepEqual(await spendViolations('p-same'), []);
  });
});
