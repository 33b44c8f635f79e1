import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, newSid, type PromiseClient } from '@otp/platform';
import { loadBillingProto, loadSmsProto, type BillingClient, type SmsClient } from '@otp/proto';
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

// What a crash leaves behind in the sms service, and how it is finished or undone: request-key
// dedup, the recovery pass (abandoned intents, messages saved but never queued, refunds Billing
// did not confirm). Real sms, billing, sandbox carrier, Postgres and JetStream. A crash state is
// written exactly as a kill -9 at that point leaves it (the row, and the hold taken through
// Billing with the message's own key).

const RECOVERY = { RECOVERY_INTERVAL_MS: '200', RECOVERY_AFTER_MS: '1500' };
const UK = '+447700123456'; // Vodafone UK, 0.05 per segment
const PRICE = 5;

let platform: TestPlatform;
let project: TestProject;
let sms: PromiseClient<SmsClient>;
let billing: PromiseClient<BillingClient>;
let db: pg.Pool;

function connectClients(): void {
  sms = createGrpcClient(loadSmsProto().otp.sms.v1.Sms, `127.0.0.1:${platform.ports.sms}`, 5000);
  billing = createGrpcClient(loadBillingProto().otp.billing.v1.Billing, `127.0.0.1:${platform.ports.billing}`, 5000);
}

function sendRequest(requestKey: string, to = UK) {
  return {
    project_id: project.id,
    to,
    body: 'Your parcel arrives today',
    from: 'ACME',
    metadata_json: '{}',
    purpose: 'direct',
    request_key: requestKey,
  };
}

async function balanceCents(): Promise<number> {
  return cents((await platform.admin.get<{ balance: string }>(`/projects/${project.id}`)).body.balance);
}

async function row(sid: string): Promise<{ status: string; money_due: boolean } | undefined> {
  return (await db.query('SELECT status, money_due FROM sms.messages WHERE sid = $1', [sid])).rows[0];
}

/** The row a kill -9 of sms leaves when it died between writing a message and finishing it. */
async function crashedRow(status: 'accepted' | 'queued' | 'failed', sid: string, holdId: string | null) {
  await db.query(
    `INSERT INTO sms.messages (sid, project_id, status, request_key, purpose, "to", "from", body, segments, encoding,
                               price_cents, cost_cents, metadata, hold_id, money_due, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'direct', $5, 'ACME', 'Your parcel arrives today', 1, 'gsm7', $6, $6, '{}',
             $7, $8, now() - interval '1 minute', now() - interval '1 minute')`,
    [sid, project.id, status, `crash:${sid}`, UK, PRICE, holdId, status === 'failed'],
  );
}

async function holdFor(sid: string): Promise<string> {
  const hold = await billing.Hold({
    project_id: project.id,
    amount_cents: PRICE,
    idempotency_key: `${sid}:hold`,
    reference: sid,
    description: 'test: the hold of a send that crashed',
  });
  return hold.hold_id;
}

describe('sms crash safety (request keys and the recovery pass)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      env: { sms: { ...RECOVERY, SMS_RETRY_BASE_MS: '50' } },
    });
    project = await platform.newProject({ credit: '9.00' });
    for (const path of [`/projects/${project.id}/sender-ids`, `/projects/${project.id}/sender-ids/ACME/approve`]) {
      const response = await platform.admin.post(
        path,
        path.endsWith('approve') ? {} : { value: 'ACME', site: 'shop.example.com' },
      );
      assert.ok(response.status < 300, response.text);
    }
    connectClients();
    db = new pg.Pool({ connectionString: platform.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    sms?.close();
    billing?.close();
    await db?.end();
    await platform?.stop();
  });

  it('the same request key twice, or eight times at once, makes one message charged once', async () => {
    const before = await balanceCents();
    const first = await sms.Send(sendRequest('order-1'));
    const again = await sms.Send(sendRequest('order-1'));
    assert.equal(again.sid, first.sid);
    const racing = await Promise.all(Array.from({ length: 8 }, () => sms.Send(sendRequest('order-2'))));
    assert.equal(new Set(racing.map((m) => m.sid)).size, 1, 'one message for the key');
    const sids = [first.sid, racing[0]!.sid];
    const counted = await db.query('SELECT count(*)::int AS n FROM sms.messages WHERE project_id = $1', [project.id]);
    assert.equal(counted.rows[0].n, 2);
    await eventually(
      () => Promise.all(sids.map((sid) => row(sid))),
      (rows) => rows.every((r) => r?.status === 'sent'),
      { what: 'both messages sent' },
    );
    const entries = await ledgerOf(platform.admin, project.id);
    for (const sid of sids) assert.equal(netCents(entries, [sid]), -PRICE, `${sid} charged once`);
    assert.equal(await balanceCents(), before - 2 * PRICE);
  });

  it('an intent abandoned after its hold is discarded and the hold released; it is never shown', async () => {
    const before = await balanceCents();
    const sid = newSid('SM');
    await holdFor(sid);
    await crashedRow('accepted', sid, null);
    assert.equal(await balanceCents(), before - PRICE, 'the crash left the money held');
    assert.equal((await project.api.get(`/messages/sms/${sid}`)).status, 404, 'an intent is not a message');
    await eventually(
      () => row(sid),
      (r) => r?.status === 'discarded' && !r.money_due,
      { what: 'intent discarded' },
    );
    assert.equal(await balanceCents(), before, 'the hold was given back');
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [sid]), 0);
    assert.equal((await project.api.get(`/messages/sms/${sid}`)).status, 404);
  });

  it('a retry with the request key finishes an interrupted send instead of making a second one', async () => {
    const sid = newSid('SM');
    // The crash happened after the intent and before the hold; the retry comes before the pass
    // would treat it as abandoned (the row is fresh).
    await db.query(
      `INSERT INTO sms.messages (sid, project_id, status, request_key, purpose, "to", "from", body, segments, encoding,
                                 price_cents, cost_cents, metadata, created_at, updated_at)
       VALUES ($1, $2, 'accepted', 'order-3', 'direct', $3, 'ACME', 'Your parcel arrives today', 1, 'gsm7', $4, $4, '{}', now(), now())`,
      [sid, project.id, UK, PRICE],
    );
    const retried = await sms.Send(sendRequest('order-3'));
    assert.equal(retried.sid, sid);
    await eventually(
      () => row(sid),
      (r) => r?.status === 'sent',
      { what: 'the interrupted send delivered' },
    );
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [sid]), -PRICE, 'charged once');
  });

  it('a message saved as queued but never put on the queue is queued by the pass and sent once', async () => {
    const sid = newSid('SM');
    await crashedRow('queued', sid, await holdFor(sid));
    await eventually(
      () => row(sid),
      (r) => r?.status === 'sent',
      { what: 'the stranded message sent', timeoutMs: 20000 },
    );
    const inbox = await platform.sandbox.get<{ messages: { text: string }[] }>(`/inbox?to=${encodeURIComponent(UK)}`);
    assert.ok(inbox.body.messages.length > 0);
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [sid]), -PRICE, 'charged once');
  });

  it('a refund Billing could not confirm is retried until it is, once Billing is back', async () => {
    const before = await balanceCents();
    const sid = newSid('SM');
    const holdId = await holdFor(sid);
    await billing.Capture({ hold_id: holdId, idempotency_key: `${sid}:capture`, amount_cents: 0, description: 'test' });
    await platform.services.get('billing')!.stop('SIGKILL');
    await crashedRow('failed', sid, holdId);
    // A few passes run while Billing is away: the refund stays due.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal((await row(sid))?.money_due, true, 'still due while Billing is down');
    await platform.restart('billing');
    await eventually(
      () => row(sid),
      (r) => r?.money_due === false,
      { what: 'refund confirmed', timeoutMs: 20000 },
    );
    assert.equal(await balanceCents(), before, 'the failed message cost nothing');
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [sid]), 0);
  });
});
