import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { CALLBACK_URL_HEADER, logFilter, newSid, schemaPool } from '@otp/platform';
import { freshDatabase } from '@otp/test/infra';
import { CodeStore, type Code } from '../src/store/codes.js';
import { openDatabase, type Db } from '../src/store/database.js';

// The code store's status changes against real Postgres: each is one conditional statement, so
// the races the service relies on (two checks at expiry, a report and its copy) are run here.

let db: Db;
let codes: CodeStore;
/** This process with its copies of the codes it wrote, and another replica with its own. */
let keeping: CodeStore;
let otherReplica: CodeStore;
let wakes = 0;

async function sentCode(options: { callbackUrl?: string } = {}, store = codes): Promise<Code> {
  const now = new Date();
  const sid = newSid('TG');
  const created = await store.createSending({
    sid,
    projectId: 'p1',
    requestKey: null,
    to: '+447700900123',
    purpose: 'direct',
    ownCode: false,
    expiresAt: new Date(now.getTime() + 60_000),
    metadata: { order: 7, note: 'x' },
    callbackUrl: options.callbackUrl ?? null,
    now,
  });
  assert.ok(created);
  const charged = await store.markCharged(created, 2, { holdId: `hold-${sid}`, requestId: `req-${sid}` }, now);
  assert.ok(charged, 'a code still sending is charged');
  return store.markSent(charged, now);
}

async function eventsOf(sid: string): Promise<{ type: string; data: Record<string, unknown>; callback?: string }[]> {
  const rows = await db.$queryRaw<
    { payload: { type: string; data: Record<string, unknown> }; headers: Record<string, string> }[]
  >`
    SELECT payload, headers FROM outbox_events WHERE payload->'data'->>'sid' = ${sid} ORDER BY seq`;
  return rows.map((row) => ({
    type: row.payload.type,
    data: row.payload.data,
    ...(row.headers[CALLBACK_URL_HEADER] ? { callback: row.headers[CALLBACK_URL_HEADER] } : {}),
  }));
}

describe('messenger code store (real Postgres)', () => {
  beforeAll(async () => {
    const url = await freshDatabase();
    const pool = schemaPool(url, 'messenger');
    db = openDatabase(url, 'messenger', pool);
    codes = new CodeStore(db, pool, () => (wakes += 1));
    keeping = new CodeStore(db, pool, () => undefined, 100);
    otherReplica = new CodeStore(db, pool, () => undefined, 100);
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it('a send reads back as stored: charged, sent, one event, and the relay woken', async () => {
    const before = wakes;
    const code = await sentCode({ callbackUrl: 'https://example.com/hook' });
    assert.equal(code.status, 'sent');
    assert.equal(code.costCents, 2);
    assert.equal(code.refund, 'none');
    assert.ok(code.createdAt instanceof Date && code.expiresAt instanceof Date);
    assert.deepEqual(code.metadata, { order: 7, note: 'x' });
    assert.deepEqual(await codes.find('p1', code.sid), code);
    assert.equal(await codes.find('p2', code.sid), undefined);
    assert.deepEqual(await codes.findByRequestId(`req-${code.sid}`), code);
    const events = await eventsOf(code.sid);
    assert.deepEqual(
      events.map((e) => [e.type, e.data.status, e.data.cost, e.callback]),
      [['messenger.sent', 'sent', '0.02', 'https://example.com/hook']],
    );
    assert.equal(wakes, before + 1);
  });

  it('ten concurrent expiry checks from the same view: one change, one refund decision, one event', async () => {
    const seen = await sentCode();
    const now = new Date();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => codes.learnWithOutcome(seen, 'expired', now)));
    assert.equal(outcomes.filter((o) => o.applied).length, 1);
    for (const outcome of outcomes) {
      assert.equal(outcome.code.status, 'expired');
      assert.equal(outcome.code.refund, 'due', 'the losers see the refund the winner decided');
    }
    const events = await eventsOf(seen.sid);
    assert.deepEqual(
      events.map((e) => [e.type, e.data.cost]),
      [
        ['messenger.sent', '0.02'],
        ['messenger.expired', '0.00'],
      ],
    );
    assert.equal((await codes.refundsDue(1000)).filter((c) => c.sid === seen.sid).length, 1);
    await codes.markRefunded(seen.sid, new Date());
    assert.equal((await codes.find('p1', seen.sid))?.refund, 'done');
  });

  it('statuses move forward only, even when decided on a stale view', async () => {
    const stale = await sentCode();
    const read = await codes.learn(stale, 'read', new Date());
    assert.equal(read.status, 'read');
    assert.ok(read.deliveredAt);
    // `delivered` after `read` changes nothing; `revoked` from the stale `sent` view is decided
    // again on `read`: revoked without a refund (the user has the message).
    assert.equal((await codes.learnWithOutcome(stale, 'delivered', new Date())).applied, false);
    const revoked = await codes.learn(stale, 'revoked', new Date());
    assert.equal(revoked.status, 'revoked');
    assert.equal(revoked.refund, 'none');
    assert.deepEqual(revoked.deliveredAt, read.deliveredAt);
    assert.equal((await codes.learnWithOutcome(stale, 'failed', new Date())).applied, false);
    const events = await eventsOf(stale.sid);
    assert.deepEqual(
      events.map((e) => [e.type, e.data.cost, e.data.delivered_at]),
      [
        ['messenger.sent', '0.02', null],
        ['messenger.read', '0.02', read.deliveredAt!.toISOString()],
        ['messenger.revoked', '0.02', read.deliveredAt!.toISOString()],
      ],
    );
  });

  it('a failure keeps its reason; the event shows it and a zero cost', async () => {
    const code = await sentCode();
    const failed = await codes.learn(code, 'failed', new Date(), { lastError: 'no messenger account' });
    assert.equal(failed.lastError, 'no messenger account');
    assert.equal(failed.refund, 'due');
    const last = (await eventsOf(code.sid)).at(-1)!;
    assert.deepEqual(
      [last.type, last.data.cost, last.data.last_error],
      ['messenger.failed', '0.00', 'no messenger account'],
    );
  });

  it('a report and its concurrent copies apply once; a later copy, and a copy of a remembered report, change nothing', async () => {
    const code = await sentCode();
    const report = { signature: `sig-${code.sid}`, requestId: code.requestId!, timestamp: 1 };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => codes.learnWithOutcome(code, 'delivered', new Date(), { report })),
    );
    assert.equal(outcomes.filter((o) => o.applied).length, 1);
    assert.ok(outcomes.filter((o) => !o.applied).every((o) => o.replay));
    const again = await codes.learnWithOutcome(code, 'read', new Date(), { report });
    assert.deepEqual([again.applied, again.replay], [false, true]);

    // A report first seen while it changed nothing is refused later even where it would change something.
    const other = await sentCode();
    const early = { signature: `sig-early-${other.sid}`, requestId: other.requestId!, timestamp: 1 };
    assert.equal(await codes.rememberReport(early), true);
    const late = await codes.learnWithOutcome(other, 'read', new Date(), { report: early });
    assert.deepEqual([late.applied, late.replay], [false, true]);
    assert.equal((await codes.find('p1', other.sid))?.status, 'sent');

    assert.deepEqual(
      (await eventsOf(code.sid)).map((e) => e.type),
      ['messenger.sent', 'messenger.delivered'],
    );
    const stored = await db.$queryRaw<{ applied: boolean }[]>`
      SELECT applied FROM provider_reports WHERE signature = ${report.signature}`;
    assert.deepEqual(stored, [{ applied: true }]);
  });

  it('a check is recorded with its answer', async () => {
    const code = await sentCode();
    await codes.recordCheck(code.sid, 'code_invalid', new Date());
    await codes.recordCheck(code.sid, 'code_valid', new Date());
    assert.equal((await codes.find('p1', code.sid))?.verificationStatus, 'code_valid');
    const checks = await db.$queryRaw<{ verification_status: string }[]>`
      SELECT verification_status FROM code_checks WHERE sid = ${code.sid}`;
    assert.deepEqual(checks.map((c) => c.verification_status).sort(), ['code_invalid', 'code_valid']);
  });

  it('an uncharged send leaves no row; a send that ended in an error is discarded, hidden and due its refund', async () => {
    const now = new Date();
    const base = {
      projectId: 'p1',
      requestKey: null,
      to: '+447700900123',
      purpose: 'direct' as const,
      ownCode: false,
      expiresAt: new Date(now.getTime() + 60_000),
      metadata: {},
      callbackUrl: null,
      now,
    };
    const refused = await codes.createSending({ ...base, sid: newSid('TG') });
    assert.ok(refused);
    await codes.discardUncharged(refused.sid);
    assert.equal(await codes.find('p1', refused.sid), undefined);

    const failing = await codes.createSending({ ...base, sid: newSid('TG') });
    assert.ok(failing);
    await codes.markCharged(failing, 2, { holdId: `hold-${failing.sid}`, requestId: `req-${failing.sid}` }, new Date());
    const discarded = await codes.discardSend(failing.sid, 'the provider refused', new Date());
    assert.deepEqual(
      [discarded?.status, discarded?.refund, discarded?.lastError, discarded?.requestKey],
      ['discarded', 'due', 'the provider refused', null],
    );
    assert.equal(await codes.find('p1', failing.sid), undefined, 'the API never shows a discarded send');
    assert.equal(
      (await codes.refundsDue(1000)).filter((code) => code.sid === failing.sid).length,
      1,
      'its give-back is still due (the timer retries it)',
    );
    assert.deepEqual(await eventsOf(failing.sid), []);
    assert.equal(await codes.discardSend(failing.sid, 'again', new Date()), undefined, 'only a send still sending');
  });
  it("the console's log: a project's codes newest first, filtered, paged, with their checks and never a code", async () => {
    const start = Date.parse('2026-11-20T10:00:00Z');
    const made: Code[] = [];
    for (const [i, to] of ['+447700900501', '+447700900502', '+447700900555', '+447700900503'].entries()) {
      const code = await codes.createSending({
        sid: newSid('TG'),
        projectId: 'p-log',
        requestKey: null,
        to,
        purpose: i === 2 ? 'verify' : 'direct',
        ownCode: false,
        expiresAt: new Date(start + i * 60_000 + 300_000),
        metadata: {},
        callbackUrl: null,
        now: new Date(start + i * 60_000),
      });
      assert.ok(code);
      made.push(code);
    }
    await codes.markSent(made[1]!, new Date(start + 70_000));
    // A send that ended in an error answer: its caller never got the sid, so the log leaves it out.
    const discarded = await codes.createSending({
      sid: newSid('TG'),
      projectId: 'p-log',
      requestKey: null,
      to: '+447700900504',
      purpose: 'direct',
      ownCode: false,
      expiresAt: new Date(start + 600_000),
      metadata: {},
      callbackUrl: null,
      now: new Date(start + 150_000),
    });
    assert.ok(discarded);
    await codes.discardSend(discarded.sid, 'the provider is unavailable', new Date(start + 151_000));
    await codes.recordCheck(made[2]!.sid, 'code_invalid', new Date(start + 130_000));
    await codes.recordCheck(made[2]!.sid, 'code_valid', new Date(start + 140_000));
    const list = (request: Partial<Parameters<typeof logFilter>[0]>) =>
      codes.list(logFilter({ project_id: 'p-log', limit: 50, ...request }, 'TG', ['sending', 'sent']));
    const sids = (rows: { sid: string }[]) => rows.map((row) => row.sid);

    const newest = [...made].reverse();
    assert.deepEqual(sids(await list({})), sids(newest));
    const first = await list({ limit: 2 });
    assert.deepEqual(sids(first), sids(newest.slice(0, 2)));
    assert.deepEqual(sids(await list({ limit: 2, before_sid: first[1]!.sid })), sids(newest.slice(2)));
    assert.deepEqual(sids(await list({ to: '900555' })), [made[2]!.sid]);
    assert.deepEqual(sids(await list({ status: 'sent' })), [made[1]!.sid]);
    assert.deepEqual(
      sids(await list({ created_from: '2026-11-20T10:01:00Z', created_until: '2026-11-20T10:03:00Z' })),
      [made[2]!.sid, made[1]!.sid],
    );
    const [checked] = await list({ to: '900555' });
    assert.equal(checked?.checks, 2);
    assert.equal(checked?.verificationStatus, 'code_valid');
    assert.ok(!Object.keys(checked!).some((key) => key.toLowerCase() === 'code'), 'no code is read');
    assert.deepEqual(await list({ project_id: 'another-project' }), []);
  });

  describe('the copy a process last wrote (provider reports decide on it)', () => {
    it('a report is decided on the copy the send wrote, without reading the code', async () => {
      const code = await sentCode({}, keeping);
      assert.equal(await keeping.forReport(code.requestId!), code, 'the copy markSent wrote');
      assert.notEqual(await codes.forReport(code.requestId!), code, 'a store keeping none reads');
      const delivered = await keeping.learn(code, 'delivered', new Date());
      assert.equal(await keeping.forReport(code.requestId!), delivered, 'the copy the report wrote');
      assert.equal((await keeping.find('p1', code.sid))?.status, 'delivered');
    });

    it('another replica moved the code on: the report is decided again on the row', async () => {
      const code = await sentCode({}, keeping);
      await otherReplica.learn((await otherReplica.forReport(code.requestId!))!, 'read', new Date());
      const copy = await keeping.forReport(code.requestId!);
      assert.equal(copy?.status, 'sent', 'this process still keeps what it wrote');
      // `revoked` on the copy (`sent`) would refund; on the row (`read`) it must not.
      const revoked = await keeping.learn(copy!, 'revoked', new Date());
      assert.equal(revoked.status, 'revoked');
      assert.equal(revoked.refund, 'none', 'decided on the row: the user has the message');
      const after = await keeping.forReport(code.requestId!);
      assert.equal(after?.status, 'revoked');
      assert.notEqual(after, revoked, 'a final code is not kept: read');
      assert.deepEqual(
        (await eventsOf(code.sid)).map((e) => e.type),
        ['messenger.sent', 'messenger.read', 'messenger.revoked'],
      );
    });

    it('a report the copy already passed changes nothing, and one the row passed changes nothing either', async () => {
      const code = await sentCode({}, keeping);
      await otherReplica.learn(code, 'read', new Date());
      const outcome = await keeping.learnWithOutcome(
        (await keeping.forReport(code.requestId!))!,
        'delivered',
        new Date(),
      );
      assert.equal(outcome.applied, false);
      assert.equal(outcome.code.status, 'read');
      assert.deepEqual(
        (await eventsOf(code.sid)).map((e) => e.type),
        ['messenger.sent', 'messenger.read'],
      );
    });
  });
});
