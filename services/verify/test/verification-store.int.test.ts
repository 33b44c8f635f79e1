import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase } from '@otp/test/infra';
import { adoptLateSms } from '../src/operations/advance.js';
import { openDatabase, type Db } from '../src/store/database.js';
import { KeptVerifications } from '../src/store/kept-verifications.js';
import {
  VerificationStore,
  type AttemptRecord,
  type LockedVerification,
  type NewVerification,
} from '../src/store/verifications.js';

// The store's guarantees against a real Postgres: a change decided on a copy that is no longer
// current never lands (it reruns on the current row), work that calls a peer runs once with the
// row locked, and concurrent changes never lose one another.

let db: Db;
let pool: SchemaPool;
let store: VerificationStore;
/** Another replica's store: its own copies, the same rows. */
let otherReplica: VerificationStore;

function newVerification(): { verification: NewVerification; attempts: AttemptRecord[] } {
  const sid = `VE${randomBytes(12).toString('hex')}`;
  const now = new Date();
  return {
    verification: {
      sid,
      projectId: 'PRstore',
      status: 'pending',
      to: '+447700900123',
      channel: 'messenger',
      fallbackReason: null,
      checksLeft: 20,
      feeCents: 5,
      feeRefunded: false,
      delivered: false,
      costCents: 7,
      metadata: { order: 'A-1', nested: { n: 1 } },
      callbackUrl: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 600_000),
      codeMac: randomBytes(32),
      codeSealed: randomBytes(44),
      switchOnFailure: true,
      fallbackDueAt: new Date(now.getTime() + 60_000),
      smsFrom: 'AcmeShop',
      smsText: 'Your code is {code}',
    },
    attempts: [
      {
        sid: `TG${randomBytes(12).toString('hex')}`,
        channel: 'messenger',
        status: 'queued',
        costCents: 2,
        createdAt: now,
      },
    ],
  };
}

async function outboxCount(sid: string): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM outbox_events WHERE payload->'data'->>'sid' = ${sid}`;
  return rows[0]!.n;
}

describe('verification store (real Postgres)', () => {
  beforeAll(async () => {
    const url = await freshDatabase();
    pool = schemaPool(url, 'verify');
    db = openDatabase(url, 'verify', pool);
    store = new VerificationStore(pool, new KeptVerifications(100));
    otherReplica = new VerificationStore(pool, new KeptVerifications(100));
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it('reads back what it inserted: bytes, dates, metadata and attempts in send order', async () => {
    const { verification, attempts } = newVerification();
    const second = { ...attempts[0]!, sid: `SM${randomBytes(12).toString('hex')}`, channel: 'sms' as const };
    const inserted = await store.insert(verification, [...attempts, second]);
    const found = await store.find(verification.sid);
    assert.ok(found);
    assert.deepEqual(Buffer.from(found.codeMac), Buffer.from(verification.codeMac));
    assert.deepEqual(Buffer.from(found.codeSealed!), Buffer.from(verification.codeSealed!));
    assert.deepEqual(found.metadata, verification.metadata);
    assert.equal(found.expiresAt.getTime(), verification.expiresAt.getTime());
    assert.equal(found.fallbackDueAt?.getTime(), verification.fallbackDueAt?.getTime());
    assert.deepEqual(
      found.attempts.map((a) => [a.sid, a.channel, a.status, a.costCents, a.createdAt.getTime()]),
      [attempts[0]!, second].map((a) => [a.sid, a.channel, a.status, a.costCents, a.createdAt.getTime()]),
    );
    assert.equal(found.version, inserted.version);
    assert.equal((await store.findByAttempt(second.sid))?.sid, verification.sid);
    assert.equal(await store.findByAttempt('SM00000000000000000000000000'), undefined);
  });

  it('reads the due verifications whole: expired or with the fallback due, pending only', async () => {
    const now = new Date();
    const expired = newVerification();
    expired.verification.expiresAt = new Date(now.getTime() - 1000);
    const fallbackDue = newVerification();
    fallbackDue.verification.fallbackDueAt = new Date(now.getTime() - 1000);
    const notDue = newVerification();
    for (const v of [expired, fallbackDue, notDue]) await store.insert(v.verification, v.attempts);
    const due = await store.due(now, 1000);
    const sids = due.map((v) => v.sid);
    assert.ok(sids.includes(expired.verification.sid));
    assert.ok(sids.includes(fallbackDue.verification.sid));
    assert.ok(!sids.includes(notDue.verification.sid));
    assert.deepEqual(
      due.find((v) => v.sid === expired.verification.sid)?.attempts.map((a) => a.sid),
      expired.attempts.map((a) => a.sid),
    );
  });

  it('a change decided on a copy that is no longer current reruns on the current row', async () => {
    const { verification, attempts } = newVerification();
    const stale = await store.insert(verification, attempts);
    await store.locked(stale, 5000, async (held) => held.update({ checksLeft: held.record.checksLeft - 1 }));
    const seen: number[] = [];
    const outcome = await store.locked(stale, 5000, async (held) => {
      seen.push(held.record.checksLeft);
      held.update({ checksLeft: held.record.checksLeft - 1 });
    });
    assert.deepEqual(seen, [20, 19], 'decided on the stale copy, refused, decided again on the current row');
    assert.equal(outcome?.record.checksLeft, 18);
    assert.equal((await store.find(verification.sid))?.checksLeft, 18);
  });

  it('concurrent decrements from one copy: none lost, none applied twice', async () => {
    const { verification, attempts } = newVerification();
    const copy = await store.insert(verification, attempts);
    await Promise.all(
      Array.from({ length: 12 }, () =>
        store.locked(copy, 5000, async (held) => held.update({ checksLeft: held.record.checksLeft - 1 })),
      ),
    );
    assert.equal((await store.find(verification.sid))?.checksLeft, 8);
  });

  it('work that calls a peer runs it once, with the row locked, and its writes land together', async () => {
    const { verification, attempts } = newVerification();
    const copy = await store.insert(verification, attempts);
    let peerCalls = 0;
    const sms: AttemptRecord = {
      sid: `SM${randomBytes(12).toString('hex')}`,
      channel: 'sms',
      status: 'queued',
      costCents: 4,
      createdAt: new Date(),
    };
    const outcome = await store.locked(copy, 5000, async (held) => {
      held.updateAttempt(attempts[0]!.sid, { status: 'failed' });
      held.needsLock();
      peerCalls += 1;
      held.update({ channel: 'sms', fallbackReason: 'messenger_failed', fallbackDueAt: null, codeSealed: null });
      held.addAttempt(sms);
      held.updateAttempt(sms.sid, { status: 'sent' });
      return 'fell back';
    });
    assert.equal(peerCalls, 1);
    assert.equal(outcome?.result, 'fell back');
    const found = await store.find(verification.sid);
    assert.equal(found?.channel, 'sms');
    assert.equal(found?.codeSealed, null);
    assert.equal(found?.fallbackDueAt, null);
    assert.deepEqual(
      found?.attempts.map((a) => [a.sid, a.status]),
      [
        [attempts[0]!.sid, 'failed'],
        [sms.sid, 'sent'],
      ],
    );
    assert.equal(found?.version, outcome?.record.version);
  });

  it('work that throws writes nothing', async () => {
    const { verification, attempts } = newVerification();
    const copy = await store.insert(verification, attempts);
    await assert.rejects(
      store.locked(copy, 5000, async (held) => {
        held.update({ status: 'failed' });
        throw new Error('peer down');
      }),
      /peer down/,
    );
    assert.equal((await store.find(verification.sid))?.status, 'pending');
  });

  it('concurrent settlers from one copy write exactly one event', async () => {
    const { verification, attempts } = newVerification();
    await store.insert(verification, attempts);
    const finished = await store.locked(verification.sid, 5000, async (held) =>
      held.update({ status: 'approved', finishedAt: new Date(), approvedAt: new Date() }),
    );
    const copy = finished!.record;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        store.locked(i % 2 === 0 ? copy : verification.sid, 5000, async (held) => {
          if (held.record.settledAt) return false;
          const now = new Date();
          held.update({ settledAt: now, codeSealed: null });
          held.addEvent('events.verification.finished', 'verification.approved', { sid: held.record.sid }, {}, now);
          return true;
        }),
      ),
    );
    assert.equal(results.filter((r) => r?.result).length, 1);
    assert.equal(await outboxCount(verification.sid), 1);
  });

  it('a locked run whose work outlasts its bound frees the row at the bound and writes nothing', async () => {
    const { verification, attempts } = newVerification();
    const copy = await store.insert(verification, attempts);
    let answerPeer!: () => void;
    const peer = new Promise<void>((resolve) => (answerPeer = resolve));
    let slowEnded = false;
    const slow = store.locked(copy, 300, async (held) => {
      held.needsLock();
      held.update({ checksLeft: 1 });
      await peer; // a peer call that does not answer in time
    });
    void slow.catch(() => undefined).finally(() => (slowEnded = true));
    await sleep(600);
    // Past the bound: the row is free for the next locked run while the slow work still runs.
    const next = await store.locked(copy.sid, 5000, async (held) => {
      held.needsLock();
      held.update({ checksLeft: held.record.checksLeft - 1 });
    });
    assert.equal(next?.record.checksLeft, 19);
    assert.equal(slowEnded, false, 'its caller waits for the work that still runs');
    answerPeer();
    await assert.rejects(slow, /held past its bound/);
    assert.equal((await store.find(verification.sid))?.checksLeft, 19, 'the abandoned work wrote nothing');
  });

  it('a locked run waiting for a row held longer than its bound gives up', async () => {
    const { verification, attempts } = newVerification();
    const copy = await store.insert(verification, attempts);
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT sid FROM verifications WHERE sid = $1 FOR UPDATE', [copy.sid]);
      const began = Date.now();
      let ran = false;
      await assert.rejects(
        store.locked(copy, 300, async (held) => {
          held.needsLock();
          ran = true;
        }),
        /lock timeout/,
      );
      assert.ok(Date.now() - began < 3000, 'it gave up near its bound');
      assert.equal(ran, false, 'the work never ran without the row');
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  // A report about a verification's SMS that no attempt showed when the consumer read it: the
  // attempt may be a lost fallback's (adopted once the verification ended), or one that committed
  // just after that read. Then the report must still reach it: a report acknowledged as "placed"
  // left a sent SMS shown as queued for good.
  describe('a late SMS report (adoptLateSms, real Postgres)', () => {
    const deps = () => ({ store, lockTimeoutMs: 5000, logger: createLogger('verify-test', 'silent') });
    const smsReport = (status: string): AttemptRecord => ({
      sid: `SM${randomBytes(12).toString('hex')}`,
      channel: 'sms',
      status,
      costCents: 5,
      createdAt: new Date(),
    });

    it('an ended verification adopts the SMS no attempt shows, with the status and cost reported', async () => {
      const { verification, attempts } = newVerification();
      await store.insert({ ...verification, status: 'approved', costCents: 5 }, attempts);
      const sms = smsReport('sent');
      assert.equal(await adoptLateSms(deps(), verification.sid, sms), 'adopted');
      const found = await store.find(verification.sid);
      assert.deepEqual(
        found?.attempts.map((a) => [a.sid, a.status]),
        [
          [attempts[0]!.sid, 'queued'],
          [sms.sid, 'sent'],
        ],
      );
      assert.equal(found?.costCents, verification.feeCents + attempts[0]!.costCents + sms.costCents);
    });

    it('an attempt already there is "present" (its report still to apply), not taken as placed', async () => {
      const { verification, attempts } = newVerification();
      const queued = smsReport('queued');
      await store.insert({ ...verification, status: 'approved' }, [...attempts, queued]);
      assert.equal(await adoptLateSms(deps(), verification.sid, { ...queued, status: 'sent' }), 'present');
    });

    it('a pending verification is left to its own fallback', async () => {
      const { verification, attempts } = newVerification();
      await store.insert(verification, attempts);
      assert.equal(await adoptLateSms(deps(), verification.sid, smsReport('sent')), 'not_yet');
      assert.equal((await store.find(verification.sid))?.attempts.length, 1);
    });
  });

  describe('the copy a process last wrote (checks decide on it)', () => {
    /** A check's work: a wrong code, or nothing on a verification that is no longer pending. */
    const wrongCode = (seen: string[]) => async (held: LockedVerification) => {
      seen.push(`${held.record.status}/${held.record.checksLeft}`);
      if (held.record.status !== 'pending') return 'not_pending';
      held.update({ checksLeft: held.record.checksLeft - 1 });
      return 'wrong';
    };

    it('is what the next change decides on, without reading the row', async () => {
      const { verification, attempts } = newVerification();
      const inserted = await store.insert(verification, attempts);
      assert.equal(await store.forChange(verification.sid), inserted, 'the copy the insert wrote');
      const seen: string[] = [];
      const outcome = await store.locked(inserted, 5000, wrongCode(seen));
      assert.deepEqual(seen, ['pending/20']);
      assert.equal(await store.forChange(verification.sid), outcome?.record, 'the copy the check wrote');
      assert.equal((await store.find(verification.sid))?.checksLeft, 19);
    });

    it('another replica moved the row past it: the change is decided again on the row as it is', async () => {
      const { verification, attempts } = newVerification();
      await store.insert(verification, attempts);
      // The other replica spends a check and then another, on its own reads.
      for (let i = 0; i < 2; i++) {
        await otherReplica.locked(verification.sid, 5000, wrongCode([]));
      }
      const copy = await store.forChange(verification.sid);
      assert.equal(copy?.checksLeft, 20, 'this process still keeps the copy it wrote');
      const seen: string[] = [];
      const outcome = await store.locked(copy!, 5000, wrongCode(seen));
      assert.deepEqual(seen, ['pending/20', 'pending/18'], 'refused on the copy, decided on the row');
      assert.equal(outcome?.record.checksLeft, 17);
      assert.equal((await store.find(verification.sid))?.checksLeft, 17);
    });

    it("another replica finished it: nothing is written, and the answer is the row's", async () => {
      const { verification, attempts } = newVerification();
      await store.insert(verification, attempts);
      await otherReplica.locked(verification.sid, 5000, async (held) =>
        held.update({ status: 'approved', approvedAt: new Date(), finishedAt: new Date() }),
      );
      const seen: string[] = [];
      const outcome = await store.locked((await store.forChange(verification.sid))!, 5000, wrongCode(seen));
      assert.deepEqual(seen, ['pending/20', 'approved/20']);
      assert.equal(outcome?.result, 'not_pending');
      const row = await store.find(verification.sid);
      assert.equal(row?.status, 'approved');
      assert.equal(row?.checksLeft, 20, 'the check the copy decided on was never written');
    });

    it('a work that changes nothing on the copy counts only once a read confirms it', async () => {
      const { verification, attempts } = newVerification();
      await store.insert(verification, attempts);
      await otherReplica.locked(verification.sid, 5000, async (held) => held.update({ checksLeft: 3 }));
      const seen: number[] = [];
      const outcome = await store.locked((await store.forChange(verification.sid))!, 5000, async (held) => {
        seen.push(held.record.checksLeft);
        return held.record.checksLeft;
      });
      assert.deepEqual(seen, [20, 3]);
      assert.equal(outcome?.result, 3);
    });

    it('is kept only while pending, and a deleted row is not found through it', async () => {
      const { verification, attempts } = newVerification();
      const inserted = await store.insert(verification, attempts);
      await store.locked(inserted, 5000, async (held) => held.update({ status: 'expired', finishedAt: new Date() }));
      const read = await store.forChange(verification.sid);
      assert.equal(read?.status, 'expired');
      assert.notEqual(await store.forChange(verification.sid), read, 'a finished verification is read every time');

      const gone = newVerification();
      await store.insert(gone.verification, gone.attempts);
      await db.$executeRaw`DELETE FROM attempts WHERE verification_sid = ${gone.verification.sid}`;
      await db.$executeRaw`DELETE FROM verifications WHERE sid = ${gone.verification.sid}`;
      const copy = await store.forChange(gone.verification.sid);
      assert.ok(copy, 'the kept copy does not know yet');
      assert.equal(await store.locked(copy, 5000, wrongCode([])), undefined);
      assert.equal(await store.forChange(gone.verification.sid), undefined, 'dropped once found gone');
    });

    it("a report finds the copy of the verification it names only when the copy shows the report's attempt", async () => {
      const { verification, attempts } = newVerification();
      const inserted = await store.insert(verification, attempts);
      const attemptSid = attempts[0]!.sid;
      assert.equal(await store.forAttemptChange(attemptSid, verification.sid), inserted);
      // A report whose metadata names another verification (a direct send's metadata is the
      // customer's) is placed by its attempt alone.
      const other = newVerification();
      await store.insert(other.verification, other.attempts);
      const placed = await store.forAttemptChange(attemptSid, other.verification.sid);
      assert.equal(placed?.sid, verification.sid);
      assert.notEqual(placed, inserted, 'read, not the copy');
      assert.equal(await store.forAttemptChange('SM00000000000000000000000000', verification.sid), undefined);
    });

    it('with VERIFY_KEPT_COPIES=0 every change reads the row', async () => {
      const reading = new VerificationStore(pool, new KeptVerifications(0));
      const { verification, attempts } = newVerification();
      const inserted = await reading.insert(verification, attempts);
      const copy = await reading.forChange(verification.sid);
      assert.notEqual(copy, inserted);
      assert.equal(copy?.version, inserted.version);
    });
  });
});
