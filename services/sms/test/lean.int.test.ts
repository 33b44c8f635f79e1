import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, newSid, type PromiseClient } from '@otp/platform';
import { loadSmsProto, type SmsClient } from '@otp/proto';
import pg from 'pg';
import {
  eventually,
  PRISMA_COMPILER_WATCH,
  prismaCompilerLoad,
  startTestPlatform,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// What the SMS service runs for every message and by itself (Send and Get, the worker's tries,
// retries and failures, receipts and their matching pass, the recovery pass, retention) runs on
// named statements: a service that only sends never compiles Prisma's query compiler (about
// 22 MB resident). Only an admin call (settings, sender IDs, the log) loads it.

const UK = '+447700123456'; // accepted, then a DELIVRD receipt
const FAILS_TWICE = '+447700123495'; // sandbox: the first 2 submits fail
const ALWAYS_FAILS = '+447700123496'; // sandbox: every submit fails
const PRICE = 5;

let platform: TestPlatform;
let project: TestProject;
let sms: PromiseClient<SmsClient>;
let db: pg.Pool;

function smsLines(): string[] {
  return platform.replicas.get('sms')![0]!.lines;
}

function send(to: string, requestKey: string) {
  return sms.Send({
    project_id: project.id,
    to,
    body: 'Your parcel arrives today',
    from: 'LEAN',
    metadata_json: '{}',
    purpose: 'direct',
    request_key: requestKey,
  });
}

async function row(sid: string) {
  const found = await db.query<{ status: string; money_due: boolean; delivery_status: string | null }>(
    'SELECT status, money_due, delivery_status FROM sms.messages WHERE sid = $1',
    [sid],
  );
  return found.rows[0];
}

/** An intent a kill -9 left a minute ago: the recovery pass discards it and gives back what it may hold. */
async function abandonedIntent(sid: string) {
  await db.query(
    `INSERT INTO sms.messages (sid, project_id, status, request_key, purpose, "to", "from", body, segments, encoding,
                               price_cents, cost_cents, metadata, created_at, updated_at)
     VALUES ($1, $2, 'accepted', $3, 'direct', $4, 'LEAN', 'Your parcel arrives today', 1, 'gsm7', $5, $5, '{}',
             now() - interval '1 minute', now() - interval '1 minute')`,
    [sid, project.id, `crash:${sid}`, UK, PRICE],
  );
}

describe('an SMS service that only sends never loads Prisma’s query compiler', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      env: {
        sms: {
          ...PRISMA_COMPILER_WATCH,
          SMS_RETRY_BASE_MS: '50',
          RECOVERY_INTERVAL_MS: '200',
          RECOVERY_AFTER_MS: '1500',
          SMS_RECEIPT_PASS_MS: '100',
          RETENTION_INTERVAL_MS: '100',
        },
      },
    });
    project = await platform.newProject({ credit: '9.00' });
    sms = createGrpcClient(loadSmsProto().otp.sms.v1.Sms, `127.0.0.1:${platform.ports.sms}`, 5000);
    db = new pg.Pool({ connectionString: platform.databaseUrl, max: 2 });
    // Approved without the admin API, whose sender-ID calls go through Prisma.
    await db.query(
      `INSERT INTO sms.sender_ids (project_id, value_key, value, site, status, created_at, approved_at)
       VALUES ($1, 'lean', 'LEAN', 'shop.example.com', 'approved', now(), now())`,
      [project.id],
    );
  });
  afterAll(async () => {
    sms?.close();
    await db?.end();
    await platform?.stop();
  });

  it('sends, retries, fails, settles receipts and recovers on named statements only', async () => {
    const sent = await send(UK, 'lean-1');
    assert.equal((await send(UK, 'lean-1')).sid, sent.sid, 'a repeated request key answers the first message');
    const retried = await send(FAILS_TWICE, 'lean-2');
    const failed = await send(ALWAYS_FAILS, 'lean-3');
    const abandoned = newSid('SM');
    await abandonedIntent(abandoned);

    await eventually(
      async () => ({
        sent: await row(sent.sid),
        retried: await row(retried.sid),
        failed: await row(failed.sid),
        abandoned: await row(abandoned),
      }),
      (rows) =>
        rows.sent?.delivery_status === 'delivered' &&
        rows.retried?.status === 'sent' &&
        rows.failed?.status === 'failed' &&
        rows.failed.money_due === false &&
        rows.abandoned?.status === 'discarded' &&
        rows.abandoned.money_due === false,
      { what: 'every message final and its money settled', timeoutMs: 20000 },
    );
    assert.equal((await sms.Get({ project_id: project.id, sid: sent.sid })).status, 'sent');

    // The passes keep running meanwhile; their output reaches us within this wait.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(prismaCompilerLoad(smsLines()), undefined);
  });

  it('the watch sees the compiler load: an admin call goes through Prisma', async () => {
    // The check above can only pass for the right reason if the watch works in this process.
    const { sender_ids: senderIds } = await sms.ListSenderIds({ project_id: project.id });
    assert.deepEqual(
      senderIds.map((s) => s.value),
      ['LEAN'],
    );
    await eventually(
      async () => prismaCompilerLoad(smsLines()),
      (stack) => stack !== undefined,
      { what: 'the compiler loaded by ListSenderIds' },
    );
  });
});
