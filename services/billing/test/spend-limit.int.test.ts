import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, DomainError, type PromiseClient } from '@otp/platform';
import { loadBillingProto, type BillingClient } from '@otp/proto';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';

// The daily spend limit (docs/abuse-defence.md "Abuse defence"): enforced inside the debit statement itself, so
// concurrent holds and charges can never take a day's spend past it, and money that comes back
// (release, refund) is spend that did not happen.

let platform: TestPlatform;
let billing: PromiseClient<BillingClient>;

function code(error: unknown): string {
  return error instanceof DomainError ? error.code : String(error);
}

describe('daily spend limit (real billing process, real Postgres)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['billing'] });
    billing = createGrpcClient(loadBillingProto().otp.billing.v1.Billing, `127.0.0.1:${platform.ports.billing}`, 10000);
  });
  afterAll(async () => {
    billing?.close();
    await platform?.stop();
  });

  it('50 concurrent 0.05 holds under a 0.50 limit with money to spare: exactly 10 succeed', async () => {
    await billing.Credit({ project_id: 'p-cap', amount_cents: 1000, idempotency_key: 'cap-credit', reason: 'top_up' });
    const limit = await billing.SetSpendLimit({ project_id: 'p-cap', daily_spend_limit_cents: 50 });
    assert.equal(limit.daily_spend_limit_cents, 50);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        billing.Hold({ project_id: 'p-cap', amount_cents: 5, idempotency_key: `cap-hold-${i}`, reference: `SM${i}` }),
      ),
    );
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => code((r as PromiseRejectedResult).reason));
    assert.equal(results.length - refused.length, 10);
    assert.deepEqual(new Set(refused), new Set(['SPEND_LIMIT_REACHED']));
    assert.equal((await billing.GetAccount({ project_id: 'p-cap' })).balance_cents, 950);
  });

  it('a release gives the spend back; a partial capture keeps only what it captured', async () => {
    await billing.Credit({
      project_id: 'p-back',
      amount_cents: 1000,
      idempotency_key: 'back-credit',
      reason: 'top_up',
    });
    await billing.SetSpendLimit({ project_id: 'p-back', daily_spend_limit_cents: 10 });
    const hold = await billing.Hold({
      project_id: 'p-back',
      amount_cents: 10,
      idempotency_key: 'back-h1',
      reference: 'VE1',
    });
    await assert.rejects(
      billing.Charge({ project_id: 'p-back', amount_cents: 1, idempotency_key: 'back-c1', reference: 'TG1' }),
      (error) => code(error) === 'SPEND_LIMIT_REACHED',
    );
    await billing.Capture({ hold_id: hold.hold_id, idempotency_key: 'back-cap', amount_cents: 4, description: 'fee' });
    await billing.Charge({ project_id: 'p-back', amount_cents: 6, idempotency_key: 'back-c2', reference: 'TG2' });
    const spent = await billing.SetSpendLimit({ project_id: 'p-back', daily_spend_limit_cents: 10 });
    assert.equal(spent.spent_today_cents, 10);
    await billing.Refund({ project_id: 'p-back', amount_cents: 6, idempotency_key: 'back-r', reference: 'TG2' });
    assert.equal(
      (await billing.SetSpendLimit({ project_id: 'p-back', daily_spend_limit_cents: -1 })).spent_today_cents,
      4,
    );
    // No limit: only the balance counts.
    await billing.Charge({ project_id: 'p-back', amount_cents: 500, idempotency_key: 'back-c3', reference: 'TG3' });
  });

  it('a hold captured in the same call counts its whole hold against the limit, and only the capture after it', async () => {
    await billing.Credit({
      project_id: 'p-one-cap',
      amount_cents: 1000,
      idempotency_key: 'onecap-credit',
      reason: 'top_up',
    });
    await billing.SetSpendLimit({ project_id: 'p-one-cap', daily_spend_limit_cents: 10 });
    const start = (n: number, amount: number, capture: number) =>
      billing.Hold({
        project_id: 'p-one-cap',
        amount_cents: amount,
        idempotency_key: `VE${n}:hold`,
        reference: `VE${n}`,
        capture_cents: capture,
        capture_idempotency_key: `VE${n}:fee`,
      });
    await start(1, 10, 4);
    const spent = (await billing.SetSpendLimit({ project_id: 'p-one-cap', daily_spend_limit_cents: 10 }))
      .spent_today_cents;
    assert.equal(spent, 4);
    // 4 spent + a hold of 7 would pass 10, even though only 2 of it would stay spent.
    await assert.rejects(start(2, 7, 2), (error) => code(error) === 'SPEND_LIMIT_REACHED');
    await start(3, 6, 6);
    assert.equal((await billing.GetAccount({ project_id: 'p-one-cap' })).balance_cents, 990);
  });

  it('a lacking balance is still INSUFFICIENT_BALANCE under a limit', async () => {
    await billing.Credit({ project_id: 'p-poor', amount_cents: 3, idempotency_key: 'poor-credit', reason: 'top_up' });
    await billing.SetSpendLimit({ project_id: 'p-poor', daily_spend_limit_cents: 100 });
    await assert.rejects(
      billing.Charge({ project_id: 'p-poor', amount_cents: 5, idempotency_key: 'poor-c', reference: 'TG1' }),
      (error) => code(error) === 'INSUFFICIENT_BALANCE',
    );
  });
});
