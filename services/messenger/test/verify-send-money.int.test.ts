import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, isDomainError, type PromiseClient } from '@otp/platform';
import { loadBillingProto, loadMessengerProto, type BillingClient, type MessengerClient } from '@otp/proto';
import { ledgerOf, netCents, startTestPlatform, type TestPlatform } from '@otp/test/infra';

// The money of Verify's messenger sends (purpose verify, over gRPC as Verify sends them). Verify
// held fee + first send before it asks, so the messenger takes its fee in one Billing call once
// the provider says the number can be reached: a hold captured at once, nothing held before the
// check. A number the provider refuses leaves no money movement at all; a balance that no longer
// covers the fee is refused with nothing kept and nothing sent.

const FEE = 2;
/** Sandbox endings (docs/sandbox.md): 00 delivered, 90 no messenger account. */
const DELIVERED = '+447700000100';
const NO_ACCOUNT = '+447700000290';

interface ProviderUsage {
  calls: Record<string, number>;
}

let platform: TestPlatform;
let messenger: PromiseClient<MessengerClient>;
let billing: PromiseClient<BillingClient>;

function verifySend(projectId: string, to: string, requestKey: string) {
  return messenger.Send({ project_id: projectId, to, metadata_json: '{}', purpose: 'verify', request_key: requestKey });
}

async function providerUsage(to: string): Promise<ProviderUsage> {
  return (await platform.sandbox.get<ProviderUsage>(`/messenger-api-usage?to=${encodeURIComponent(to)}`)).body;
}

describe("messenger: the money of Verify's sends", () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['sandbox', 'billing', 'messenger', 'gateway'] });
    messenger = createGrpcClient(
      loadMessengerProto().otp.messenger.v1.Messenger,
      `127.0.0.1:${platform.ports.messenger}`,
      15000,
    );
    billing = createGrpcClient(loadBillingProto().otp.billing.v1.Billing, `127.0.0.1:${platform.ports.billing}`, 15000);
  });
  afterAll(async () => {
    messenger?.close();
    billing?.close();
    await platform?.stop();
  });

  it('a reachable number: charged the fee once, as a hold captured in full, nothing left held', async () => {
    const project = await platform.newProject();
    const code = await verifySend(project.id, DELIVERED, 'verify-delivered');
    assert.equal(code.status, 'sent');
    assert.equal(Number(code.cost_cents), FEE);
    const entries = (await ledgerOf(platform.admin, project.id)).filter((e) => e.reference === code.sid);
    assert.deepEqual(
      entries.filter((e) => e.kind === 'charge').map((e) => e.amount),
      ['-0.02'],
      'one charge of the fee',
    );
    assert.equal(netCents(entries, [code.sid]), -FEE, 'the hold settled: only the fee is taken');
    const balance = (await project.api.get<{ balance: string }>('/project')).body.balance;
    assert.equal(balance, '0.98', 'nothing held beyond the charge');

    // Verify's retry of the same send answers the same code, charged once.
    const repeat = await verifySend(project.id, DELIVERED, 'verify-delivered');
    assert.equal(repeat.sid, code.sid);
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [code.sid]), -FEE);
  });

  it('a number the provider refuses: a failed record, and no money moved for it', async () => {
    const project = await platform.newProject();
    const code = await verifySend(project.id, NO_ACCOUNT, 'verify-refused');
    assert.equal(code.status, 'failed');
    assert.equal(Number(code.cost_cents), 0);
    const entries = await ledgerOf(platform.admin, project.id);
    assert.deepEqual(
      entries.filter((e) => e.reference === code.sid),
      [],
      'neither a hold nor its release: nothing was taken before the check',
    );
    assert.equal((await project.api.get<{ balance: string }>('/project')).body.balance, '1.00');
  });

  it('a balance below the fee: 402, nothing kept, held or sent, and the request key free for a retry', async () => {
    const project = await platform.newProject();
    // Another spend took all but 0.01 of the 1.00 trial credit since Verify's own hold.
    const other = await billing.Hold({
      project_id: project.id,
      amount_cents: 99,
      idempotency_key: 'another-spend:hold',
      reference: 'another-spend',
      description: 'another spend',
    });
    const to = '+447700000300';
    await assert.rejects(verifySend(project.id, to, 'verify-poor'), (error: unknown) => {
      assert.ok(isDomainError(error), String(error));
      assert.equal(error.code, 'INSUFFICIENT_BALANCE');
      return true;
    });
    const entries = await ledgerOf(platform.admin, project.id);
    assert.deepEqual(
      entries.filter((e) => e.reference !== 'another-spend').map((e) => e.kind),
      ['credit'],
      'nothing held or charged for the refused send',
    );
    assert.equal((await providerUsage(to)).calls.sendVerificationMessage ?? 0, 0, 'no code went out');

    // Once the balance covers it again, the same request key sends afresh (no code was kept).
    await billing.Release({ hold_id: other.hold_id, idempotency_key: 'another-spend:release' });
    const code = await verifySend(project.id, to, 'verify-poor');
    assert.equal(code.status, 'sent');
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [code.sid]), -FEE);
  });
});
