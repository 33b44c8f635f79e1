import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, DomainError, type PromiseClient } from '@otp/platform';
import { loadBillingProto, type BillingClient } from '@otp/proto';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';

let platform: TestPlatform;
let billing: PromiseClient<BillingClient>;

function code(error: unknown): string {
  return error instanceof DomainError ? error.code : String(error);
}

async function ledgerSum(projectId: string): Promise<number> {
  const page = await billing.ListLedger({ project_id: projectId, limit: 500 });
  return page.entries.reduce((sum, entry) => sum + entry.amount_cents, 0);
}

describe('billing ledger (real billing process, real Postgres)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['billing'] });
    billing = createGrpcClient(loadBillingProto().otp.billing.v1.Billing, `127.0.0.1:${platform.ports.billing}`, 10000);
  });
  afterAll(async () => {
    billing?.close();
    await platform?.stop();
  });

  it('50 concurrent 0.05 holds against 0.50: exactly 10 succeed, balance 0.00, ledger sums to it', async () => {
    await billing.Credit({ project_id: 'p-race', amount_cents: 50, idempotency_key: 'race-credit', reason: 'top_up' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        billing.Hold({ project_id: 'p-race', amount_cents: 5, idempotency_key: `race-hold-${i}`, reference: `SM${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => code((r as PromiseRejectedResult).reason));
    assert.equal(ok.length, 10);
    assert.deepEqual(new Set(refused), new Set(['INSUFFICIENT_BALANCE']));
    assert.equal((await billing.GetAccount({ project_id: 'p-race' })).balance_cents, 0);
    assert.equal(await ledgerSum('p-race'), 0);
  });

  it('replayed idempotency keys never move money twice, even concurrently', async () => {
    await billing.Credit({ project_id: 'p-idem', amount_cents: 100, idempotency_key: 'idem-credit', reason: 'top_up' });
    const again = await billing.Credit({
      project_id: 'p-idem',
      amount_cents: 100,
      idempotency_key: 'idem-credit',
      reason: 'top_up',
    });
    assert.equal(again.replayed, true);
    const charges = await Promise.all(
      Array.from({ length: 10 }, () =>
        billing.Charge({ project_id: 'p-idem', amount_cents: 7, idempotency_key: 'idem-charge', reference: 'TG1' }),
      ),
    );
    assert.equal(charges.filter((c) => !c.replayed).length, 1);
    assert.ok(charges.every((c) => c.entry_id === charges[0]!.entry_id));
    const hold = await billing.Hold({
      project_id: 'p-idem',
      amount_cents: 10,
      idempotency_key: 'idem-hold',
      reference: 'SM1',
    });
    const captures = await Promise.all(
      [1, 2, 3].map(() => billing.Capture({ hold_id: hold.hold_id, idempotency_key: 'idem-capture', amount_cents: 4 })),
    );
    assert.ok(captures.every((c) => c.balance_cents === captures[0]!.balance_cents));
    await billing.Refund({ project_id: 'p-idem', amount_cents: 4, idempotency_key: 'idem-refund', reference: 'SM1' });
    await billing.Refund({ project_id: 'p-idem', amount_cents: 4, idempotency_key: 'idem-refund', reference: 'SM1' });
    // 100 - 7 (charge) - 4 (captured) + 4 (refund) = 93
    const account = await billing.GetAccount({ project_id: 'p-idem' });
    assert.equal(account.balance_cents, 93);
    assert.equal(await ledgerSum('p-idem'), 93);
  });

  it('a key reused for another operation is refused', async () => {
    await assert.rejects(
      billing.Charge({ project_id: 'p-idem', amount_cents: 1, idempotency_key: 'idem-credit', reference: 'x' }),
      (error) => code(error) === 'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('a hold replayed with another amount (the fee changed since) answers the hold taken, so it can be released', async () => {
    await billing.Credit({ project_id: 'p-fee', amount_cents: 50, idempotency_key: 'fee-credit', reason: 'top_up' });
    const hold = await billing.Hold({
      project_id: 'p-fee',
      amount_cents: 5,
      idempotency_key: 'TG1:hold',
      reference: 'TG1',
    });
    // The caller lost the hold's id and finds it by its key, pricing it at today's fee.
    const found = await billing.Hold({
      project_id: 'p-fee',
      amount_cents: 7,
      idempotency_key: 'TG1:hold',
      reference: 'TG1',
    });
    assert.equal(found.hold_id, hold.hold_id);
    await billing.Release({ hold_id: found.hold_id, idempotency_key: 'TG1:release' });
    assert.equal((await billing.GetAccount({ project_id: 'p-fee' })).balance_cents, 50);
    // Another resource's reference under the same key is still another request.
    await assert.rejects(
      billing.Hold({ project_id: 'p-fee', amount_cents: 5, idempotency_key: 'TG1:hold', reference: 'TG2' }),
      (error) => code(error) === 'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('release and capture race: exactly one settles the hold', async () => {
    await billing.Credit({
      project_id: 'p-settle',
      amount_cents: 20,
      idempotency_key: 'settle-credit',
      reason: 'top_up',
    });
    const hold = await billing.Hold({
      project_id: 'p-settle',
      amount_cents: 20,
      idempotency_key: 'settle-hold',
      reference: 'SM2',
    });
    const [capture, release] = await Promise.allSettled([
      billing.Capture({ hold_id: hold.hold_id, idempotency_key: 'settle-capture' }),
      billing.Release({ hold_id: hold.hold_id, idempotency_key: 'settle-release' }),
    ]);
    assert.equal([capture, release].filter((r) => r.status === 'fulfilled').length, 1);
    const loser = [capture, release].find((r) => r.status === 'rejected') as PromiseRejectedResult;
    assert.equal(code(loser.reason), 'HOLD_NOT_ACTIVE');
    const balance = (await billing.GetAccount({ project_id: 'p-settle' })).balance_cents;
    assert.equal(balance, capture.status === 'fulfilled' ? 0 : 20);
    assert.equal(await ledgerSum('p-settle'), balance);
  });

  it('a partial capture shows in the ledger as hold, release in full, then the charge, newest first', async () => {
    await billing.Credit({ project_id: 'p-part', amount_cents: 50, idempotency_key: 'part-credit', reason: 'top_up' });
    const hold = await billing.Hold({
      project_id: 'p-part',
      amount_cents: 10,
      idempotency_key: 'part-hold',
      reference: 'SM3',
    });
    const captured = await billing.Capture({ hold_id: hold.hold_id, idempotency_key: 'part-capture', amount_cents: 6 });
    assert.deepEqual(
      { status: captured.status, captured: captured.captured_cents, balance: captured.balance_cents },
      { status: 'captured', captured: 6, balance: 44 },
    );
    const page = await billing.ListLedger({ project_id: 'p-part', limit: 10 });
    assert.deepEqual(
      page.entries.map((e) => [e.kind, e.amount_cents, e.balance_cents]),
      [
        ['charge', -6, 44],
        ['release', 10, 50],
        ['hold', -10, 40],
        ['credit', 50, 50],
      ],
    );
    await assert.rejects(
      billing.Capture({ hold_id: hold.hold_id, idempotency_key: 'part-capture-again' }),
      (error) => code(error) === 'HOLD_NOT_ACTIVE',
    );
  });

  it('a hold captured in the same call (a start) writes what Hold then Capture would, and both keys answer', async () => {
    await billing.Credit({ project_id: 'p-one', amount_cents: 50, idempotency_key: 'one-credit', reason: 'top_up' });
    const call = {
      project_id: 'p-one',
      amount_cents: 10,
      idempotency_key: 'VE1:hold',
      reference: 'VE1',
      description: 'verify fee and first send',
      capture_cents: 4,
      capture_idempotency_key: 'VE1:fee',
      capture_description: 'verify fee',
    };
    const hold = await billing.Hold(call);
    assert.deepEqual(
      { status: hold.status, amount: hold.amount_cents, captured: hold.captured_cents, balance: hold.balance_cents },
      { status: 'captured', amount: 10, captured: 4, balance: 46 },
    );
    const page = await billing.ListLedger({ project_id: 'p-one', limit: 10 });
    assert.deepEqual(
      page.entries.map((e) => [e.kind, e.amount_cents, e.balance_cents]),
      [
        ['charge', -4, 46],
        ['release', 10, 50],
        ['hold', -10, 40],
        ['credit', 50, 50],
      ],
    );
    // A replay of either key answers the movement; nothing moves again.
    const replay = await billing.Hold(call);
    assert.deepEqual([replay.replayed, replay.hold_id, replay.status], [true, hold.hold_id, 'captured']);
    const capture = await billing.Capture({ hold_id: hold.hold_id, idempotency_key: 'VE1:fee', amount_cents: 4 });
    assert.deepEqual([capture.replayed, capture.status, capture.captured_cents], [true, 'captured', 4]);
    // Undone as a replica that predates the one call undoes a start: release, else refund the fee.
    await assert.rejects(
      billing.Release({ hold_id: hold.hold_id, idempotency_key: 'VE1:release' }),
      (error) => code(error) === 'HOLD_NOT_ACTIVE',
    );
    await billing.Refund({ project_id: 'p-one', amount_cents: 4, idempotency_key: 'VE1:fee-refund', reference: 'VE1' });
    assert.equal((await billing.GetAccount({ project_id: 'p-one' })).balance_cents, 50);
    assert.equal(await ledgerSum('p-one'), 50);
  });

  it('a hold captured in the same call needs the balance of the whole hold; it captures at most the hold', async () => {
    await billing.Credit({
      project_id: 'p-one-poor',
      amount_cents: 5,
      idempotency_key: 'poor1-credit',
      reason: 'top_up',
    });
    const call = {
      project_id: 'p-one-poor',
      amount_cents: 10,
      idempotency_key: 'VE2:hold',
      reference: 'VE2',
      capture_cents: 4,
      capture_idempotency_key: 'VE2:fee',
    };
    await assert.rejects(billing.Hold(call), (error) => code(error) === 'INSUFFICIENT_BALANCE');
    await assert.rejects(
      billing.Hold({ ...call, amount_cents: 3, idempotency_key: 'VE3:hold', capture_idempotency_key: 'VE3:fee' }),
      (error) => code(error) === 'INVALID_ARGUMENT',
    );
    assert.equal((await billing.GetAccount({ project_id: 'p-one-poor' })).balance_cents, 5);
    assert.equal(await ledgerSum('p-one-poor'), 5);
    // Refused, the keys stay free: the same call succeeds after a top-up.
    await billing.Credit({ project_id: 'p-one-poor', amount_cents: 5, idempotency_key: 'poor1-top', reason: 'top_up' });
    assert.equal((await billing.Hold(call)).balance_cents, 6);
  });

  it('a hold refused for the balance leaves its key free: the same key succeeds after a top-up', async () => {
    const call = { project_id: 'p-retry', amount_cents: 30, idempotency_key: 'retry-hold', reference: 'SM4' };
    await assert.rejects(billing.Hold(call), (error) => code(error) === 'INSUFFICIENT_BALANCE');
    await billing.Credit({
      project_id: 'p-retry',
      amount_cents: 30,
      idempotency_key: 'retry-credit',
      reason: 'top_up',
    });
    const hold = await billing.Hold(call);
    assert.equal(hold.replayed, false);
    assert.equal(hold.balance_cents, 0);
    // Now spent, a replay still answers with the stored hold rather than the balance.
    const replay = await billing.Hold(call);
    assert.deepEqual([replay.replayed, replay.hold_id], [true, hold.hold_id]);
  });

  it('settling an unknown or malformed hold id is HOLD_NOT_FOUND; capturing more than held is refused', async () => {
    for (const holdId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      await assert.rejects(
        billing.Capture({ hold_id: holdId, idempotency_key: `nf-${holdId}` }),
        (error) => code(error) === 'HOLD_NOT_FOUND',
      );
    }
    await billing.Credit({ project_id: 'p-over', amount_cents: 5, idempotency_key: 'over-credit', reason: 'top_up' });
    const hold = await billing.Hold({ project_id: 'p-over', amount_cents: 5, idempotency_key: 'over-hold' });
    await assert.rejects(
      billing.Capture({ hold_id: hold.hold_id, idempotency_key: 'over-capture', amount_cents: 6 }),
      (error) => code(error) === 'INVALID_ARGUMENT',
    );
    assert.equal((await billing.GetAccount({ project_id: 'p-over' })).balance_cents, 0);
    assert.equal(await ledgerSum('p-over'), 0);
  });

  it('refunds never exceed what was charged for the reference', async () => {
    await billing.Credit({
      project_id: 'p-refund',
      amount_cents: 10,
      idempotency_key: 'refund-credit',
      reason: 'top_up',
    });
    await billing.Charge({
      project_id: 'p-refund',
      amount_cents: 2,
      idempotency_key: 'refund-charge',
      reference: 'TG9',
    });
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        billing.Refund({ project_id: 'p-refund', amount_cents: 2, idempotency_key: `refund-${i}`, reference: 'TG9' }),
      ),
    );
    assert.equal(attempts.filter((r) => r.status === 'fulfilled').length, 1);
    assert.equal((await billing.GetAccount({ project_id: 'p-refund' })).balance_cents, 10);
  });

  it('quotes by network, falls back to the country maximum, refuses unpriced countries', async () => {
    const vodafone = await billing.Quote({ to: '+447700123456' });
    const o2 = await billing.Quote({ to: '+447710123497' });
    assert.equal(vodafone.sms_price_cents, 5);
    assert.equal(o2.sms_price_cents, 3);
    const unknown = await billing.Quote({ to: '+447960123456' });
    assert.equal(unknown.network_identified, false);
    assert.equal(unknown.sms_price_cents, 6);
    await assert.rejects(billing.Quote({ to: '+819012345678' }), (error) => code(error) === 'DESTINATION_NOT_PRICED');
    assert.equal(vodafone.verify_fee_cents, 2);
    assert.equal(vodafone.messenger_fee_cents, 2);
  });
});
