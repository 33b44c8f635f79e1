import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startService } from '@otp/platform/launcher';
import {
  eventually,
  inboxOf,
  keyedPost,
  startTestPlatform,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';
import pg from 'pg';
import { likeAny, RetentionRows, type Sids } from './retention-rows.js';

// Data retention (docs/developing.md "Data retention"), every service at once, as deployed: real flows leave
// their rows (an SMS, a messenger code, a verification, webhook deliveries, Idempotency-Key
// records, money keys, outbox events); the test then moves some of them back in time with SQL and
// waits for each service's retention pass. Old final rows go; new ones stay; so do rows that are
// not final or still owe money (copies of real rows put in such a state), and the ledger.
//
// The recovery passes and the messenger's refund timer run rarely here, so nothing but retention
// touches the rows this test writes by hand.

const SENDER = 'Retain';
const RARELY = '3600000';
const RETENTION = { RETENTION_INTERVAL_MS: '100', RETENTION_BATCH_SIZE: '2' };

let platform: TestPlatform;
let project: TestProject;
let db: pg.Pool;
let schemas: RetentionRows;
let receiver: Server;
let callback: string;
let numbers = 0;

function nextNumber(): string {
  numbers += 1;
  return `+4477001${String(numbers).padStart(2, '0')}411`;
}

/** One of each resource, through the public API, carried to its final state with its webhooks. */
async function realFlows(): Promise<Sids> {
  const idempotencyKey = `retention-${numbers}-${Date.now()}`;
  const sms = await keyedPost(
    project.api,
    '/messages/sms',
    { to: nextNumber(), body: 'Your parcel is on its way', from: SENDER, callback },
    idempotencyKey,
  );
  assert.equal(sms.status, 201, sms.text);
  const code = await project.api.post<{ sid: string }>('/messages/messenger', { to: nextNumber(), callback });
  assert.equal(code.status, 201, code.text);
  const to = nextNumber();
  const started = await project.api.post<{ sid: string }>('/verifications', { to, callback });
  assert.equal(started.status, 201, started.text);
  const inbox = await eventually(
    () => inboxOf(platform.sandbox, to),
    (messages) => messages.some((m) => m.code),
    { what: 'the verification code' },
  );
  const checked = await project.api.post<{ status: string }>(`/verifications/${started.body.sid}/check`, {
    code: inbox.find((m) => m.code)!.code,
  });
  assert.equal(checked.body.status, 'approved', checked.text);
  const sids = {
    sms: String(sms.body!.sid),
    code: code.body.sid,
    verification: started.body.sid,
    idempotencyKey,
  };
  await eventually(
    async () => ({
      sms: await schemas.count(`sms.messages WHERE sid = $1 AND status = 'sent'`, [sids.sms]),
      code: await schemas.count(`messenger.codes WHERE sid = $1 AND status IN ('delivered', 'read')`, [sids.code]),
      verification: await schemas.count(`verify.verifications WHERE sid = $1 AND settled_at IS NOT NULL`, [
        sids.verification,
      ]),
      webhooks: await schemas.count(`webhooks.deliveries WHERE status = 'succeeded' AND body LIKE ANY($1)`, [
        [sids.sms, sids.code, sids.verification].map((sid) => `%${sid}%`),
      ]),
      pendingWebhooks: await schemas.count(`webhooks.deliveries WHERE status = 'pending' AND body LIKE ANY($1)`, [
        likeAny(sids),
      ]),
      unpublished: await schemas.count(
        `(SELECT published_at FROM sms.outbox_events UNION ALL SELECT published_at FROM messenger.outbox_events
          UNION ALL SELECT published_at FROM verify.outbox_events) o WHERE published_at IS NULL`,
        [],
      ),
    }),
    (n) =>
      n.sms === 1 && n.code === 1 && n.verification === 1 && n.webhooks >= 3 && !n.pendingWebhooks && !n.unpublished,
    { what: 'every flow final, its events published and its webhooks delivered', timeoutMs: 30000 },
  );
  return sids;
}

async function receive(): Promise<void> {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callback = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}

describe('data retention (every service, real processes)', () => {
  beforeAll(async () => {
    await receive();
    platform = await startTestPlatform({
      env: {
        gateway: RETENTION,
        // A 7-day setting still keeps money keys 30 days.
        billing: { ...RETENTION, RETENTION_DAYS: '7' },
        sms: { ...RETENTION, RECOVERY_INTERVAL_MS: RARELY },
        messenger: { ...RETENTION, RECOVERY_INTERVAL_MS: RARELY, EXPIRY_SWEEP_INTERVAL_MS: RARELY },
        verify: { ...RETENTION, RECOVERY_INTERVAL_MS: RARELY },
        'webhook-dispatcher': { ...RETENTION, RETRY_DELAY_SCALE: '0.001' },
      },
    });
    db = new pg.Pool({ connectionString: platform.databaseUrl, max: 2 });
    project = await platform.newProject({ credit: '10.00' });
    schemas = new RetentionRows(db, project.id);
    assert.equal(
      (await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: SENDER, site: 'shop.example.com' }))
        .status,
      201,
    );
    assert.equal((await platform.admin.post(`/projects/${project.id}/sender-ids/${SENDER}/approve`)).status, 200);
    const verify = await platform.admin.patch(`/projects/${project.id}/settings/verify`, { sms_fallback: false });
    assert.equal(verify.status, 200, verify.text);
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
    receiver?.close();
  });

  it('deletes final rows past their retention and keeps new ones, unfinished or money-owing ones, and the ledger', async () => {
    const old = await realFlows();
    const fresh = await realFlows();
    // A code check is stored with its code and goes with it.
    for (const sids of [old, fresh]) {
      const checked = await project.api.post(`/messages/messenger/${sids.code}/verify`, { code: '000000' });
      assert.equal(checked.status, 200, checked.text);
    }
    const oldSeen = await schemas.footprint(old);
    const freshSeen = await schemas.footprint(fresh);
    const before = await schemas.rowsOf(old, oldSeen);
    for (const [table, n] of Object.entries(before)) assert.ok(n > 0, `the flows left no ${table}`);
    const ledger = await schemas.count('billing.ledger_entries WHERE project_id = $1', [project.id]);
    const holds = await schemas.count('billing.holds WHERE project_id = $1', [project.id]);
    const keep = await schemas.unfinishedCopies(old, oldSeen);

    await schemas.age(old, oldSeen, { days: 91, hours: 25, moneyKeyDays: 31 });
    // Past RETENTION_DAYS=7 of billing, yet within the 30 days money keys always keep.
    await schemas.age(fresh, freshSeen, { moneyKeyDays: 8 });

    await eventually(
      () => schemas.rowsOf(old, oldSeen),
      (left) => Object.values(left).every((n) => n === 0),
      { what: 'every old row to be deleted', timeoutMs: 20000 },
    );
    const kept = await schemas.rowsOf(fresh, freshSeen);
    for (const [table, n] of Object.entries(kept)) assert.ok(n > 0, `new ${table} were deleted`);
    assert.equal(await schemas.count('billing.ledger_entries WHERE project_id = $1', [project.id]), ledger);
    assert.equal(await schemas.count('billing.holds WHERE project_id = $1', [project.id]), holds);
    assert.equal(await schemas.count('billing.accounts WHERE project_id = $1', [project.id]), 1);
    assert.equal(await schemas.count('sms.messages WHERE sid = ANY($1)', [[keep.queuedSms, keep.moneyDueSms]]), 2);
    assert.equal(await schemas.count('messenger.codes WHERE sid = ANY($1)', [[keep.sentCode, keep.refundDueCode]]), 2);
    assert.equal(
      await schemas.count('verify.verifications WHERE sid = ANY($1)', [
        [keep.pendingVerification, keep.moneyDueVerification],
      ]),
      2,
    );
    assert.equal(await schemas.count('gateway.idempotency_records WHERE key = $1', [keep.runningKey]), 1);
    assert.equal(await schemas.count('webhooks.deliveries WHERE id = $1::uuid', [keep.pendingDelivery]), 1);
  });

  it('RETENTION_DAYS=0 keeps records forever (published outbox rows still go after OUTBOX_RETENTION_HOURS)', async () => {
    await platform.services.get('sms')!.stop();
    const sms = await startService('sms', { ...platform.envOf('sms'), RETENTION_DAYS: '0' });
    try {
      const sids = await realFlows();
      const seen = await schemas.footprint(sids);
      await schemas.age(sids, seen, { days: 3650, hours: 25, moneyKeyDays: 0 });
      await eventually(
        () => schemas.count(`sms.outbox_events WHERE payload->'data'->>'sid' = $1`, [sids.sms]),
        (n) => n === 0,
        { what: "the SMS's published outbox rows to be deleted" },
      );
      assert.equal(await schemas.count('sms.messages WHERE sid = $1', [sids.sms]), 1);
      assert.ok(
        (await schemas.count('sms.delivery_receipts WHERE carrier_message_id = ANY($1)', [seen.carrierIds])) > 0,
      );
    } finally {
      await sms.stop();
    }
  });
});
