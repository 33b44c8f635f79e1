import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, createLogger, DomainError, holdOrUndo, type PromiseClient } from '@otp/platform';
import { loadBillingProto, type BillingClient } from '@otp/proto';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';
import pg from 'pg';

// A hold whose call gets no answer in time may still happen at Billing. The test makes the first
// call slow for real (a lock on the account row, held from outside), so it times out at the caller
// and then goes through once the lock goes: the money must not stay held.

const DEADLINE_MS = 2000;
const LOCK_HELD_MS = 3000;

let platform: TestPlatform;
let billing: PromiseClient<BillingClient>;
let fast: PromiseClient<BillingClient>;

describe('a hold with no answer (real billing process, real Postgres)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['billing'] });
    const Billing = loadBillingProto().otp.billing.v1.Billing;
    billing = createGrpcClient(Billing, `127.0.0.1:${platform.ports.billing}`, DEADLINE_MS);
    fast = createGrpcClient(Billing, `127.0.0.1:${platform.ports.billing}`, 10000);
  });
  afterAll(async () => {
    billing?.close();
    fast?.close();
    await platform?.stop();
  });

  it('is undone: the caller gets SERVICE_UNAVAILABLE and the ledger shows the hold released', async () => {
    await fast.Credit({ project_id: 'p-slow', amount_cents: 100, idempotency_key: 'slow-credit', reason: 'top_up' });
    const locker = new pg.Client({ connectionString: platform.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query("SELECT 1 FROM billing.accounts WHERE project_id = 'p-slow' FOR UPDATE");
      const unlock = new Promise((resolve) => setTimeout(resolve, LOCK_HELD_MS)).then(() => locker.query('COMMIT'));
      const request = { project_id: 'p-slow', amount_cents: 30, idempotency_key: 'SMslow:hold', reference: 'SMslow' };
      await assert.rejects(
        holdOrUndo(billing, request, 'SMslow:release', createLogger('test', 'silent')),
        (error) => error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE',
      );
      await unlock;
    } finally {
      await locker.end();
    }
    assert.equal((await fast.GetAccount({ project_id: 'p-slow' })).balance_cents, 100);
    const page = await fast.ListLedger({ project_id: 'p-slow', limit: 10 });
    assert.deepEqual(
      page.entries.map((e) => [e.kind, e.amount_cents, e.reference]),
      [
        ['release', 30, 'SMslow'],
        ['hold', -30, 'SMslow'],
        ['credit', 100, 'top_up'],
      ],
    );
  });
});
