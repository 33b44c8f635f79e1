import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, newSid, type PromiseClient } from '@otp/platform';
import { loadBillingProto, loadMessengerProto, type BillingClient, type MessengerClient } from '@otp/proto';
import pg from 'pg';
import {
  checkMoneyInvariants,
  eventually,
  ledgerOf,
  netCents,
  observe,
  startTestPlatform,
  type Outcome,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// Faults around the messenger's money: a give-back at the daily spend limit, and a send
// that stalls longer than the recovery pass waits. Real messenger, billing,
// sandbox provider and Postgres; the money invariants are checked after each.

const RECOVERY = { RECOVERY_INTERVAL_MS: '200', RECOVERY_AFTER_MS: '1000' };
const FEE = 2;

let platform: TestPlatform;
let messenger: PromiseClient<MessengerClient>;
let billing: PromiseClient<BillingClient>;
let db: pg.Pool;

async function codeRow(sid: string): Promise<{ status: string; refund: string } | undefined> {
  return (await db.query('SELECT status, refund FROM messenger.codes WHERE sid = $1', [sid])).rows[0];
}

async function providerCalls(to: string): Promise<Record<string, number>> {
  const usage = await platform.sandbox.get<{ calls: Record<string, number> }>(
    `/messenger-api-usage?to=${encodeURIComponent(to)}`,
  );
  return usage.body.calls;
}

async function inboxSize(to: string): Promise<number> {
  const inbox = await platform.sandbox.get<{ messages: unknown[] }>(`/inbox?to=${encodeURIComponent(to)}`);
  return inbox.body.messages.length;
}

/** The money invariants of a project (test/infra/invariants.ts): its resources, ledger and spend. */
async function moneyViolations(project: TestProject, outcomes: Outcome[] = []): Promise<string[]> {
  const observed = await observe({
    projectId: project.id,
    outcomes,
    api: project.api,
    admin: platform.admin,
    sandbox: platform.sandbox,
    db,
    nats: platform.nats,
    webhooks: [],
  });
  return checkMoneyInvariants(observed);
}

describe('messenger money faults (real messenger, billing, provider, Postgres)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'messenger', 'gateway'],
      env: {
        sandbox: { MESSENGER_REPORT_DELAY_MS: '100' },
        // The messenger waits for Billing longer than the stall below lasts.
        messenger: { ...RECOVERY, EXPIRY_SWEEP_INTERVAL_MS: '200', GRPC_DEADLINE_MS: '10000' },
      },
    });
    messenger = createGrpcClient(
      loadMessengerProto().otp.messenger.v1.Messenger,
      `127.0.0.1:${platform.ports.messenger}`,
      20000,
    );
    billing = createGrpcClient(loadBillingProto().otp.billing.v1.Billing, `127.0.0.1:${platform.ports.billing}`, 10000);
    db = new pg.Pool({ connectionString: platform.databaseUrl, max: 3 });
  });
  afterAll(async () => {
    messenger?.close();
    billing?.close();
    await db?.end();
    await platform?.stop();
  });

  it('a give-back at the daily spend limit is not kept waiting for midnight', async () => {
    const project = await platform.newProject({ credit: '9.00' });
    // The day's spend reaches the limit with one code.
    await billing.SetSpendLimit({ project_id: project.id, daily_spend_limit_cents: FEE });
    const to = '+447700301456';
    const sent = await project.api.post<{ sid: string }>('/messages/messenger', { to });
    assert.equal(sent.status, 201, sent.text);
    // A send killed (kill -9) after its row was written and its hold asked for, the hold's answer
    // never recorded: the recovery pass gives back whatever the hold's key took, replaying it.
    const stuck = newSid('TG');
    await db.query(
      `INSERT INTO messenger.codes (sid, project_id, "to", purpose, status, own_code, expires_at, metadata,
                                    created_at, updated_at)
       VALUES ($1, $2, $3, 'direct', 'sending', false, now() + interval '10 minutes', '{}',
               now() - interval '1 minute', now() - interval '1 minute')`,
      [stuck, project.id, to],
    );
    // The replayed hold is refused for the spend limit, which means no hold exists under its key:
    // nothing to give back, and the give-back is done, not due until the day turns.
    await eventually(
      () => codeRow(stuck),
      (row) => row?.status === 'failed' && row.refund === 'done',
      { what: 'the interrupted send failed and its give-back done', timeoutMs: 10000 },
    );
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [stuck]), 0, 'no money moved for it');
    assert.deepEqual(await moneyViolations(project), []);
  });

  it('a send that stalls past the recovery pass is never sent or charged once the pass failed it', async () => {
    const project = await platform.newProject({ credit: '9.00' });
    const to = '+447700302456'; // sandbox: delivered
    const requestKey = `${newSid('VE')}:attempt:1`;
    // Billing stalls: the project's account row is locked from outside, so the send's charge (a
    // hold captured in one call, after the provider's ability check) waits on it.
    const locker = new pg.Client({ connectionString: platform.databaseUrl });
    await locker.connect();
    let answer: Promise<{ status: string } | Error>;
    let sid: string;
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM billing.accounts WHERE project_id = $1 FOR UPDATE', [project.id]);
      answer = messenger
        .Send({ project_id: project.id, to, metadata_json: '{}', purpose: 'verify', request_key: requestKey })
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      // The stall outlasts RECOVERY_AFTER_MS: the recovery pass fails the send meanwhile.
      const failed = await eventually(
        async () =>
          (
            await db.query<{ sid: string; status: string }>(
              'SELECT sid, status FROM messenger.codes WHERE project_id = $1 AND request_key = $2',
              [project.id, requestKey],
            )
          ).rows[0],
        (row) => row?.status === 'failed',
        { what: 'the recovery pass to fail the stalled send', timeoutMs: 10000 },
      );
      sid = failed!.sid;
      // Its give-back waits on the same row now, behind the charge: both are let go in that order.
      await eventually(
        async () =>
          (
            await db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n,
        (waiting) => waiting >= 2,
        { what: 'the charge and the give-back both waiting for the account', timeoutMs: 5000 },
      );
    } finally {
      await locker.query('COMMIT').catch(() => undefined);
      await locker.end();
    }
    // The charge then goes through at Billing, but the send must not go out for a failed code.
    const answered = await answer;
    if (!(answered instanceof Error)) assert.equal(answered.status, 'failed', 'the caller is answered the failed code');
    await eventually(
      () => codeRow(sid),
      (row) => row?.refund === 'done',
      { what: 'the charge given back', timeoutMs: 10000 },
    );
    // Long enough for a send that went out to show in the inbox and the provider's counts.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal((await providerCalls(to)).sendVerificationMessage ?? 0, 0, 'the provider was never asked to send');
    assert.equal(await inboxSize(to), 0, 'the user got no code of a failed, refunded send');
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [sid]), 0, 'nothing kept');
    const shown = await project.api.get<{ status: string; cost: string }>(`/messages/messenger/${sid}`);
    assert.deepEqual([shown.body.status, shown.body.cost], ['failed', '0.00']);
    const outcomes: Outcome[] = [
      { kind: 'messenger', key: requestKey, to, status: 201, sid, text: '', tries: 1, elapsedMs: 0 },
    ];
    assert.deepEqual(await moneyViolations(project, outcomes), []);
  });
});
