import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, newSid, type PromiseClient } from '@otp/platform';
import { loadBillingProto, loadMessengerProto, type BillingClient, type MessengerClient } from '@otp/proto';
import pg from 'pg';
import {
  cents,
  eventually,
  ledgerOf,
  netCents,
  startTestPlatform,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// What a crash leaves behind in the messenger service, and how it is settled: request-key dedup,
// and the recovery pass failing and refunding a send left `sending`. Real messenger, billing,
// sandbox provider, Postgres and JetStream. A crash state is written exactly as a kill -9 at that
// point leaves it: the code row, and the hold (and its capture) taken through Billing with the
// code's own keys.

const RECOVERY = { RECOVERY_INTERVAL_MS: '200', RECOVERY_AFTER_MS: '1500' };
const UK = '+447700123456'; // sandbox: delivered
const FEE = 2;

let platform: TestPlatform;
let project: TestProject;
let messenger: PromiseClient<MessengerClient>;
let billing: PromiseClient<BillingClient>;
let db: pg.Pool;

function sendRequest(requestKey: string) {
  return { project_id: project.id, to: UK, metadata_json: '{}', purpose: 'direct', request_key: requestKey };
}

async function balanceCents(): Promise<number> {
  return cents((await platform.admin.get<{ balance: string }>(`/projects/${project.id}`)).body.balance);
}

async function code(sid: string): Promise<{ status: string; refund: string } | undefined> {
  return (await db.query('SELECT status, refund FROM messenger.codes WHERE sid = $1', [sid])).rows[0];
}

async function eventTypes(sid: string): Promise<string[]> {
  const rows = await db.query(
    `SELECT type FROM messenger.outbox_events WHERE payload->'data'->>'sid' = $1 ORDER BY seq`,
    [sid],
  );
  return rows.rows.map((r: { type: string }) => r.type);
}

interface CrashPoint {
  /** Billing took the hold (`<sid>:hold`). */
  held: boolean;
  /** The row learned the hold's id. */
  holdRecorded: boolean;
  /** The hold was captured (`<sid>:charge`). */
  captured: boolean;
  /** The row learned the charge. */
  chargeRecorded: boolean;
}

/** A send that died after its row was written, at one of the steps of its money. */
async function stuckSend(at: CrashPoint, sid = newSid('TG'), meanwhile = async () => {}): Promise<string> {
  let holdId: string | null = null;
  if (at.held) {
    holdId = (
      await billing.Hold({
        project_id: project.id,
        amount_cents: FEE,
        idempotency_key: `${sid}:hold`,
        reference: sid,
        description: 'test: the hold of a send that crashed',
      })
    ).hold_id;
  }
  if (holdId && at.captured) {
    await billing.Capture({ hold_id: holdId, idempotency_key: `${sid}:charge`, amount_cents: 0, description: 'test' });
  }
  await meanwhile();
  await db.query(
    `INSERT INTO messenger.codes (sid, project_id, "to", purpose, status, request_id, own_code, expires_at, metadata,
                                  cost_cents, hold_id, created_at, updated_at)
     VALUES ($1, $2, $3, 'direct', 'sending', $4, false, now() + interval '10 minutes', '{}', $5, $6,
             now() - interval '1 minute', now() - interval '1 minute')`,
    [sid, project.id, UK, `req-${sid}`, at.chargeRecorded ? FEE : 0, at.holdRecorded ? holdId : null],
  );
  return sid;
}

describe('messenger crash safety (request keys and the recovery pass)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'messenger', 'gateway'],
      env: {
        sandbox: { MESSENGER_REPORT_DELAY_MS: '100' },
        messenger: { ...RECOVERY, EXPIRY_SWEEP_INTERVAL_MS: '200' },
      },
    });
    project = await platform.newProject({ credit: '9.00' });
    messenger = createGrpcClient(
      loadMessengerProto().otp.messenger.v1.Messenger,
      `127.0.0.1:${platform.ports.messenger}`,
      5000,
    );
    billing = createGrpcClient(loadBillingProto().otp.billing.v1.Billing, `127.0.0.1:${platform.ports.billing}`, 5000);
    db = new pg.Pool({ connectionString: platform.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    messenger?.close();
    billing?.close();
    await db?.end();
    await platform?.stop();
  });

  it('the same request key twice, or eight times at once, makes one code charged once', async () => {
    const before = await balanceCents();
    const first = await messenger.Send(sendRequest('login-1'));
    const again = await messenger.Send(sendRequest('login-1'));
    assert.equal(again.sid, first.sid);
    const racing = await Promise.all(Array.from({ length: 8 }, () => messenger.Send(sendRequest('login-2'))));
    assert.equal(new Set(racing.map((c) => c.sid)).size, 1, 'one code for the key');
    const counted = await db.query('SELECT count(*)::int AS n FROM messenger.codes WHERE project_id = $1', [
      project.id,
    ]);
    assert.equal(counted.rows[0].n, 2);
    const inbox = await platform.sandbox.get<{ messages: unknown[] }>(`/inbox?to=${encodeURIComponent(UK)}`);
    assert.equal(inbox.body.messages.length, 2, 'the provider got one message per key');
    const entries = await ledgerOf(platform.admin, project.id);
    for (const sid of [first.sid, racing[0]!.sid]) assert.equal(netCents(entries, [sid]), -FEE, `${sid} charged once`);
    assert.equal(await balanceCents(), before - 2 * FEE);
  });

  const none = { held: false, holdRecorded: false, captured: false, chargeRecorded: false };
  for (const [what, options] of [
    ['charged and recorded', { held: true, holdRecorded: true, captured: true, chargeRecorded: true }],
    ['charged but the charge not yet recorded', { ...none, held: true, holdRecorded: true, captured: true }],
    ['held, hold recorded', { ...none, held: true, holdRecorded: true }],
    ['held but the hold not yet recorded', { ...none, held: true }],
    ['never held', none],
  ] as const) {
    it(`a send left sending (${what}) is failed once, with its event, and costs nothing`, async () => {
      const before = await balanceCents();
      const sid = await stuckSend(options);
      await eventually(
        () => code(sid),
        (c) => c?.status === 'failed' && c.refund === 'done',
        {
          what: 'the interrupted send failed and refunded',
        },
      );
      assert.deepEqual(await eventTypes(sid), ['messenger.failed'], 'one failed event');
      assert.equal(netCents(await ledgerOf(platform.admin, project.id), [sid]), 0, 'the ledger nets to zero');
      assert.equal(await balanceCents(), before, 'whatever was charged came back');
      const shown = await project.api.get<{ status: string; cost: string }>(`/messages/messenger/${sid}`);
      assert.equal(shown.status, 200, shown.text);
      assert.deepEqual([shown.body.status, shown.body.cost], ['failed', '0.00']);
    });
  }

  it('a refund Billing could not confirm is retried until it is, once Billing is back', async () => {
    const before = await balanceCents();
    // The crash state appears while Billing is down, so the pass cannot refund it at once.
    const sid = await stuckSend(
      { held: true, holdRecorded: true, captured: true, chargeRecorded: true },
      newSid('TG'),
      async () => {
        await platform.services.get('billing')!.stop('SIGKILL');
      },
    );
    await eventually(
      () => code(sid),
      (c) => c?.status === 'failed',
      { what: 'failed while Billing is down' },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal((await code(sid))?.refund, 'due', 'the refund stays due while Billing is down');
    await platform.restart('billing');
    await eventually(
      () => code(sid),
      (c) => c?.refund === 'done',
      { what: 'refund confirmed', timeoutMs: 20000 },
    );
    assert.equal(await balanceCents(), before, 'the fee came back');
  });

  it('a send that ends in an error answer shows nothing; the retry with its key sends the one code', async () => {
    const to = '+447700123401'; // sandbox: delivered
    const send = () =>
      project.api.post<{ sid: string; status: string }>(
        '/messages/messenger',
        { to },
        { 'idempotency-key': 'outage-1' },
      );
    // The provider is down at the send-ability check: the hold was taken, the send cannot go on.
    await platform.services.get('sandbox')!.stop();
    const refused = await send().finally(() => platform.restart('sandbox'));
    assert.equal(refused.status, 503, refused.text);
    const sent = await send();
    assert.equal(sent.status, 201, sent.text);

    const { rows } = await db.query<{ sid: string; status: string }>(
      `SELECT sid, status FROM messenger.codes WHERE project_id = $1 AND "to" = $2 ORDER BY created_at`,
      [project.id, to],
    );
    assert.deepEqual(
      rows.map((row) => row.status),
      ['discarded', 'sent'],
      'the failed send is kept as an internal record',
    );
    const [discarded, shown] = rows;
    assert.ok(discarded && shown);
    assert.equal(shown.sid, sent.body.sid);
    assert.equal((await project.api.get(`/messages/messenger/${discarded.sid}`)).status, 404, 'the API never shows it');
    const log = await platform.admin.get<{ codes: { sid: string }[] }>(
      `/projects/${project.id}/messenger-codes?to=${encodeURIComponent(to)}`,
    );
    assert.deepEqual(
      log.body.codes.map((c) => c.sid),
      [sent.body.sid],
      "nor the console's log",
    );
    await eventually(
      () => code(discarded.sid),
      (c) => c?.refund === 'done',
      { what: "the discarded send's hold given back" },
    );
    const entries = await ledgerOf(platform.admin, project.id);
    assert.equal(netCents(entries, [discarded.sid]), 0, 'the discarded send moved no money');
    assert.equal(netCents(entries, [sent.body.sid]), -FEE, 'the code sent is charged once');
    const held = await db.query(`SELECT 1 FROM billing.holds WHERE reference = $1 AND status = 'held'`, [
      discarded.sid,
    ]);
    assert.equal(held.rowCount, 0, 'no hold left open');
  });
});
