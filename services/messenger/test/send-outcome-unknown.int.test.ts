import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
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

// A provider that takes a messenger send but answers too late: the outcome
// is unknown, not a refusal. The client is told so (503, Retry-After, the sid), nothing is undone
// or refunded meanwhile, and once the provider's word arrives (its delivery report) a retry with
// the same Idempotency-Key answers the code: sent once, charged once. The sandbox provider takes
// a send to a number ending in 98 at once and answers it after MESSENGER_SLOW_ANSWER_MS, longer
// than the messenger's MESSENGER_API_TIMEOUT_MS.

const FEE = 2;

interface ErrorBody {
  error: { code: string; message: string; sid?: string };
}

let platform: TestPlatform;
let db: pg.Pool;

async function inbox(to: string): Promise<{ channel: string }[]> {
  const response = await platform.sandbox.get<{ messages: { channel: string }[] }>(
    `/inbox?to=${encodeURIComponent(to)}`,
  );
  return response.body.messages;
}

async function moneyViolations(project: TestProject, outcomes: Outcome[]): Promise<string[]> {
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

function refunds(entries: { kind: string; reference: string }[], sid: string): number {
  return entries.filter((e) => e.reference === sid && e.kind === 'refund').length;
}

describe('a messenger send the provider does not answer in time (real platform, slow sandbox provider)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'messenger', 'verify', 'gateway'],
      env: {
        sandbox: { MESSENGER_REPORT_DELAY_MS: '200', MESSENGER_SLOW_ANSWER_MS: '4000' },
        messenger: { MESSENGER_API_TIMEOUT_MS: '1000' },
      },
    });
    db = new pg.Pool({ connectionString: platform.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  it('a direct send: 503 with Retry-After and its sid, no refund; the retry answers the one code, charged once', async () => {
    const project = await platform.newProject({ credit: '5.00' });
    const to = '+447700303498';
    const send = () =>
      project.api.post<{ sid: string; status: string; cost: string } & ErrorBody>(
        '/messages/messenger',
        { to },
        { 'idempotency-key': 'slow-provider-1' },
      );
    const unknown = await send();
    assert.equal(unknown.status, 503, unknown.text);
    assert.equal(unknown.body.error.code, 'SERVICE_UNAVAILABLE');
    assert.ok(Number(unknown.headers.get('retry-after')) >= 1, 'Retry-After says when to ask again');
    const sid = unknown.body.error.sid;
    assert.match(sid ?? '', /^TG[0-9a-f]{24}$/, 'the answer names the code');

    // Unknown, not refused: the fee stays taken while the provider's word is awaited.
    const kept = await ledgerOf(platform.admin, project.id);
    assert.equal(netCents(kept, [sid!]), -FEE, 'the fee is kept');
    assert.equal(refunds(kept, sid!), 0, 'no refund while the outcome is unknown');

    // The provider's delivery report settles it; the retry with the same key answers the code.
    await eventually(
      () => project.api.get<{ status: string }>(`/messages/messenger/${sid}`),
      (read) => read.status === 200 && read.body.status === 'delivered',
      { what: 'the delivery report of the slow send', timeoutMs: 10000 },
    );
    const retried = await send();
    assert.equal(retried.status, 201, retried.text);
    assert.equal(retried.body.sid, sid, 'the same code, not a second one');
    assert.equal(retried.body.cost, '0.02');

    // After the provider's late answer too: one code reached the user, charged once.
    await new Promise((resolve) => setTimeout(resolve, 4500));
    assert.equal((await inbox(to)).length, 1, 'the user got one code');
    const entries = await ledgerOf(platform.admin, project.id);
    assert.equal(netCents(entries, [sid!]), -FEE, 'charged once');
    assert.equal(refunds(entries, sid!), 0, 'never refunded');
    const outcome: Outcome = {
      kind: 'messenger',
      key: 'slow-provider-1',
      to,
      status: 201,
      sid: sid!,
      text: '',
      tries: 2,
      elapsedMs: 0,
    };
    assert.deepEqual(await moneyViolations(project, [outcome]), []);
  });

  it("a verification's messenger send: 503 with Retry-After and the verification's sid; the retry answers it, one code sent", async () => {
    const project = await platform.newProject({ credit: '5.00' });
    const settings = await platform.admin.patch(`/projects/${project.id}/settings/verify`, {
      channel: 'messenger',
      sms_fallback: false,
    });
    assert.equal(settings.status, 200, settings.text);
    const to = '+447700161498';
    const start = () =>
      project.api.post<{ sid: string; status: string; attempts: { channel: string; sid: string }[] } & ErrorBody>(
        '/verifications',
        { to },
        { 'idempotency-key': 'slow-provider-ve' },
      );
    const unknown = await start();
    assert.equal(unknown.status, 503, unknown.text);
    assert.ok(Number(unknown.headers.get('retry-after')) >= 1);
    const sid = unknown.body.error.sid;
    assert.match(sid ?? '', /^VE[0-9a-f]{24}$/, 'the answer names the verification');

    const started = await eventually(start, (response) => response.status === 201, {
      what: 'the retry to answer the verification',
      timeoutMs: 15000,
      intervalMs: 500,
    });
    assert.equal(started.body.sid, sid, 'the same verification');
    assert.deepEqual(
      started.body.attempts.map((a) => a.channel),
      ['messenger'],
      'its one messenger send, no second one and no fallback',
    );
    await new Promise((resolve) => setTimeout(resolve, 4500));
    assert.deepEqual(
      (await inbox(to)).map((m) => m.channel),
      ['messenger'],
      'the user got one code',
    );
    const entries = await ledgerOf(platform.admin, project.id);
    const code = started.body.attempts[0]!.sid;
    assert.equal(netCents(entries, [code]), -FEE, 'the messenger send charged once');
    assert.equal(refunds(entries, code) + refunds(entries, sid!), 0, 'nothing refunded');
    const outcome: Outcome = {
      kind: 'verification',
      key: 'slow-provider-ve',
      to,
      status: 201,
      sid: sid!,
      text: '',
      tries: 2,
      elapsedMs: 0,
    };
    assert.deepEqual(await moneyViolations(project, [outcome]), []);
  });
});
