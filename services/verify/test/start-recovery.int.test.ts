import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  createGrpcClient,
  isDomainError,
  newSid,
  schemaPool,
  type PromiseClient,
  type SchemaPool,
} from '@otp/platform';
import { loadBillingProto, loadVerifyProto, type BillingClient, type VerifyClient } from '@otp/proto';
import { eventually, type ErrorBody, type TestProject } from '@otp/test/infra';
import pg from 'pg';
import { LOCAL_CODE_KEY } from '../src/config.js';
import { moneyKeys } from '../src/domain/settlement.js';
import { CodeVault } from '../src/secrets/code-vault.js';
import { KeptVerifications } from '../src/store/kept-verifications.js';
import { StartIntentStore, type NewStartIntent } from '../src/store/start-intents.js';
import { cents, TIME_SCALE, VerifyWorld, type Verification } from './verify-world.js';

// Starts survive crashes and repeats: a Start repeating a request key gets the first verification
// (one fee, one code), a start a crash interrupted after its money moved is finished by the
// recovery pass, and a start that failed keeps no money, even when Billing was away at the time.
// An interrupted start is set up as a kill -9 leaves it: its intent row, and the hold and fee
// taken through Billing with the start's keys.

const RECOVERY = { RECOVERY_INTERVAL_MS: '200', RECOVERY_AFTER_MS: '1500' };

let world: VerifyWorld;
let verify: PromiseClient<VerifyClient>;
let billing: PromiseClient<BillingClient>;
let intentPool: SchemaPool;
let sql: pg.Pool;
let intents: StartIntentStore;
const vault = new CodeVault(Buffer.from(LOCAL_CODE_KEY, 'hex'));

interface LedgerEntry {
  kind: string;
  amount: string;
  reference: string;
}

async function ledger(project: TestProject): Promise<LedgerEntry[]> {
  const page = await world.platform.admin.get<{ entries: LedgerEntry[] }>(`/projects/${project.id}/ledger?limit=500`);
  assert.equal(page.status, 200, page.text);
  return page.body.entries;
}

async function rows(project: TestProject) {
  return (
    await sql.query<{ sid: string; status: string; money_due: boolean }>(
      'SELECT sid, status, money_due FROM verify.verifications WHERE project_id = $1',
      [project.id],
    )
  ).rows;
}

function start(project: TestProject, to: string, requestKey: string) {
  return verify.Start({ project_id: project.id, to, metadata_json: '{}', request_key: requestKey });
}

/** The intent a start writes before any money moves, due for recovery after `leaseMs`. */
async function interruptedStart(project: TestProject, to: string, leaseMs: number) {
  const quote = await billing.Quote({ to });
  const sid = newSid('VE');
  const code = CodeVault.generate(6);
  const now = new Date();
  const intent: NewStartIntent = {
    sid,
    projectId: project.id,
    requestKey: `idem:${sid}`,
    requestHash: null,
    to,
    channel: 'messenger',
    checksLeft: 5,
    feeCents: Number(quote.verify_fee_cents),
    holdCents: Number(quote.verify_fee_cents) + Number(quote.messenger_fee_cents),
    metadata: { order: 'A-1' },
    callbackUrl: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (10 * 60 * 1000) / TIME_SCALE),
    codeMac: vault.mac(sid, code),
    codeSealed: vault.seal(sid, code),
    switchOnFailure: true,
    fallbackDueAt: null,
    smsFrom: null,
    smsText: 'Your code is {code}',
  };
  assert.ok(await intents.create(intent, new Date(now.getTime() + leaseMs)));
  // The start got as far as its money before the kill.
  const hold = await billing.Hold({
    project_id: project.id,
    amount_cents: intent.holdCents,
    idempotency_key: moneyKeys.hold(sid),
    reference: sid,
    description: 'verify fee and first send',
  });
  await billing.Capture({
    hold_id: hold.hold_id,
    idempotency_key: moneyKeys.fee(sid),
    amount_cents: intent.feeCents,
    description: 'verify fee',
  });
  return { sid, code, intent, holdId: hold.hold_id };
}

describe('verification starts survive crashes and repeats', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start(RECOVERY);
    verify = createGrpcClient(
      loadVerifyProto().otp.verify.v1.Verify,
      `127.0.0.1:${world.platform.ports.verify}`,
      10000,
    );
    billing = createGrpcClient(
      loadBillingProto().otp.billing.v1.Billing,
      `127.0.0.1:${world.platform.ports.billing}`,
      10000,
    );
    intentPool = schemaPool(world.platform.databaseUrl, 'verify');
    intents = new StartIntentStore(intentPool, new KeptVerifications(0));
    sql = new pg.Pool({ connectionString: world.platform.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    verify?.close();
    billing?.close();
    await sql?.end();
    await intentPool?.end();
    await world?.stop();
  });

  it('a Start repeating a request key returns the first verification: one fee, one code', async () => {
    const project = await world.project();
    const to = world.number('12');
    const first = await start(project, to, 'idem:order-1');
    const again = await start(project, to, 'idem:order-1');
    assert.equal(again.sid, first.sid);
    assert.equal(again.status, 'pending');

    const fees = (await ledger(project)).filter((e) => e.reference === first.sid && e.kind === 'charge');
    assert.deepEqual(
      fees.map((e) => e.amount),
      ['-0.02'],
    );
    await world.codeFor(to, 'messenger');
    assert.equal((await world.codes(to, 'messenger')).length, 1);
    // Another key is another verification.
    const other = await start(project, to, 'idem:order-2');
    assert.notEqual(other.sid, first.sid);
  });

  it('the same key for another number is refused', async () => {
    const project = await world.project();
    await start(project, world.number('12'), 'idem:reused');
    await assert.rejects(start(project, world.number('12'), 'idem:reused'), (error: unknown) => {
      assert.ok(isDomainError(error));
      assert.equal(error.code, 'IDEMPOTENCY_KEY_REUSED');
      return true;
    });
  });

  it('concurrent Starts with one key: one verification, one fee, one code; the others wait their turn', async () => {
    const project = await world.project();
    const to = world.number('12');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => start(project, to, 'idem:burst')));
    const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.sid] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    assert.ok(started.length >= 1);
    assert.equal(new Set(started).size, 1);
    for (const error of refused) assert.ok(isDomainError(error) && error.code === 'IDEMPOTENCY_KEY_IN_USE', `${error}`);
    // Once the first is done, a repeat gets it.
    const repeat = await eventually(
      () => start(project, to, 'idem:burst').catch(() => undefined),
      (v) => v !== undefined,
      { what: 'the repeated start' },
    );
    assert.equal(repeat!.sid, started[0]);

    assert.deepEqual(
      (await rows(project)).map((r) => r.status),
      ['pending'],
    );
    const fees = (await ledger(project)).filter((e) => e.reference.startsWith('VE') && e.kind === 'charge');
    assert.equal(fees.length, 1);
    await world.codeFor(to, 'messenger');
    assert.equal((await world.codes(to, 'messenger')).length, 1);
  });

  it('a start refused for the balance leaves no verification and moves no money', async () => {
    const project = await world.project();
    const balance = await world.balanceCents(project);
    await billing.Charge({
      project_id: project.id,
      amount_cents: balance - 1,
      idempotency_key: `drain-${project.id}`,
      reference: 'drain',
      description: 'test: leave 0.01',
    });
    const refused = await project.api.post<ErrorBody>('/verifications', { to: world.number('12') });
    assert.equal(refused.status, 402, refused.text);
    assert.equal(refused.body.error.code, 'INSUFFICIENT_BALANCE');

    assert.equal(await world.balanceCents(project), 1);
    assert.deepEqual((await ledger(project)).map((e) => e.kind).sort(), ['charge', 'credit']);
    assert.deepEqual(
      (await rows(project)).map((r) => [r.status, r.money_due]),
      [['discarded', false]],
    );
    const lookup = await project.api.get<ErrorBody>(`/verifications/${(await rows(project))[0]!.sid}`);
    assert.equal(lookup.status, 404, lookup.text);
  });

  it('metadata Postgres cannot store (NUL, lone surrogate) is refused before anything is sent or charged', async () => {
    const project = await world.project();
    const to = world.number('12');
    for (const metadata of ['{"note":"a\\u0000b"}', '{"note":"\\ud800"}', '{"\\u0000":"key"}']) {
      await assert.rejects(
        verify.Start({ project_id: project.id, to, metadata_json: metadata, request_key: '' }),
        (error: unknown) => isDomainError(error) && error.code === 'INVALID_REQUEST_BODY',
        metadata,
      );
    }
    assert.deepEqual(await rows(project), []);
    assert.deepEqual(
      (await ledger(project)).map((e) => e.kind),
      ['credit'],
    );
    assert.deepEqual(await world.codes(to, 'messenger'), []);
  });

  it('a start killed after its hold and fee is finished by the recovery pass; the ledger matches its cost', async () => {
    const project = await world.project({ sms_fallback: false });
    const to = world.number('12');
    const balanceBefore = await world.balanceCents(project);
    const { sid, code } = await interruptedStart(project, to, 1000);

    // Not shown while starting; shown once the pass finished it.
    const shown = await eventually(
      () => project.api.get<Verification & ErrorBody>(`/verifications/${sid}`),
      (r) => r.status === 200,
      { what: 'the recovered verification' },
    );
    assert.equal(shown.body.status, 'pending');
    assert.equal(shown.body.channel, 'messenger');
    assert.deepEqual(shown.body.metadata, { order: 'A-1' });
    assert.equal(await world.codeFor(to, 'messenger'), code);

    const checked = await world.check(project, sid, code);
    assert.equal(checked.status, 200, checked.text);
    assert.equal(checked.body.status, 'approved');
    const done = await world.get(project, sid);
    await world.assertCostMatchesLedger(project, done);
    assert.equal(await world.balanceCents(project), balanceBefore - cents(done.cost));
    assert.equal(
      (await ledger(project)).filter((e) => e.reference === sid && e.kind === 'charge').length,
      1,
      'one fee',
    );
    // Its request key now names it.
    assert.equal((await start(project, to, `idem:${sid}`)).sid, sid);
  });

  it('a fee refund due while Billing is down is retried until Billing is back', async () => {
    const project = await world.project();
    const balanceBefore = await world.balanceCents(project);
    // Leased far ahead: only the discard below, not a roll-forward, may touch it.
    const { sid, holdId } = await interruptedStart(project, world.number('12'), 600_000);
    assert.ok(balanceBefore > (await world.balanceCents(project)), 'the fee was taken');

    await world.platform.services.get('billing')!.stop('SIGKILL');
    // The start failed for good with its money taken: as the start records it.
    const discardedAt = new Date();
    assert.ok(await intents.discard(sid, { due: true, holdId, retryAt: discardedAt }));
    const dueAt = async () =>
      (await sql.query<{ at: Date }>('SELECT recovery_due_at AS at FROM verify.verifications WHERE sid = $1', [sid]))
        .rows[0]!.at;
    // The pass keeps trying (each try moves the next one on) while Billing is away.
    const firstTry = await eventually(dueAt, (at) => at.getTime() > discardedAt.getTime(), { what: 'a try' });
    await eventually(dueAt, (at) => at.getTime() > firstTry.getTime(), { what: 'another try' });
    assert.deepEqual(
      (await rows(project)).map((r) => [r.status, r.money_due]),
      [['discarded', true]],
    );

    await world.platform.restart('billing');
    await eventually(
      () => rows(project),
      (r) => r[0]?.money_due === false,
      { what: 'the refund', timeoutMs: 20000 },
    );
    assert.equal(await world.balanceCents(project), balanceBefore);
    const net = (await ledger(project)).filter((e) => e.reference === sid).reduce((sum, e) => sum + cents(e.amount), 0);
    assert.equal(net, 0);
  });
});
