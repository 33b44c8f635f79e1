import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createLogger, RetentionTask, schemaPool, type PromiseClient, type SchemaPool } from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import { freshDatabase, seededRandom } from '@otp/test/infra';
import { DETECTOR_WINDOWS } from '../src/domain/detector.js';
import { admitStart } from '../src/operations/admit.js';
import { openDatabase, type Db } from '../src/store/database.js';
import { SettingsStore } from '../src/store/settings.js';
import { bucketOf } from '../src/store/prefix-counts.js';
import { guardRetention } from '../src/store/retention.js';
import { StartStore, type StartRequest } from '../src/store/starts.js';

// Guard's starts on real Postgres: the counts per prefix kept beside them, the detector reading
// them, and retention deleting them.
//
// The conversion every start reads comes from counts per prefix and five minutes that a trigger
// keeps, plus the starts of the day's oldest, partly covered five minutes. It must be the count
// the detector was written against: the day's starts to the prefix, counted one by one. A day
// and a half of starts, finished, forgotten, dropped by a block and started again (random times
// to the millisecond, and starts exactly on the edges of five minutes and of the day) checks
// that after every start.

const PROJECT = 'prj_prefixcounts00000000000000';
const PREFIXES = ['447700', '447701', '4915112'];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A five-minute edge (buckets start at 2000-01-01 00:00 UTC). */
const BEGIN = Date.UTC(2026, 10, 23, 6, 0, 0);

/** The judged and approved verifications of the prefix's day, counted from the starts. */
const COUNTED_DIRECTLY = `
  SELECT count(*) FILTER (WHERE kind = 'verification'
                           AND (state IN ('approved', 'unconverted')
                                OR created_at <= $3::timestamptz - make_interval(secs => $4::int)))::int AS judged,
         count(*) FILTER (WHERE state = 'approved')::int AS approved
    FROM starts
   WHERE project_id = $1 AND prefix = $2 AND state <> 'dropped'
     AND created_at > $3::timestamptz - make_interval(secs => $5::int)`;

let pool: SchemaPool;
let db: Db;
let starts: StartStore;

/** The rows of counts (rows down to zero left out). */
async function counts(): Promise<unknown[]> {
  const rows = await pool.query(
    `SELECT prefix, bucket, verifications, approved FROM prefix_counts
      WHERE verifications <> 0 OR approved <> 0 ORDER BY 1, 2`,
  );
  return rows.rows;
}

/** The rows of counts the starts make now, counted from them. */
async function recounted(): Promise<unknown[]> {
  const rows = await pool.query(
    `SELECT prefix, ${bucketOf('created_at')} AS bucket, count(*) FILTER (WHERE kind = 'verification')::int AS verifications,
            count(*) FILTER (WHERE state = 'approved')::int AS approved
       FROM starts WHERE state <> 'dropped' AND (kind = 'verification' OR state = 'approved')
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows.rows;
}

async function countedDirectly(prefix: string, at: Date): Promise<{ judged: number; approved: number }> {
  const rows = await pool.query<{ judged: number; approved: number }>(COUNTED_DIRECTLY, [
    PROJECT,
    prefix,
    at,
    DETECTOR_WINDOWS.judgeSeconds,
    DETECTOR_WINDOWS.historySeconds,
  ]);
  return rows.rows[0]!;
}

/** When each start happens: random to the millisecond, and some exactly on an edge. */
function schedule(random: () => number): number[] {
  const times: number[] = [];
  let at = BEGIN;
  while (at < BEGIN + 1.5 * DAY) {
    at += Math.floor(random() * 6 * MINUTE);
    times.push(at);
  }
  // On a five-minute edge, then exactly a day after it (the first is then just outside the day),
  // and one millisecond either side of that.
  const edge = BEGIN + 35 * MINUTE;
  times.push(edge, edge + 1, edge + DAY - 1, edge + DAY, edge + DAY + 1);
  return times.sort((a, b) => a - b);
}

beforeAll(async () => {
  const url = await freshDatabase();
  pool = schemaPool(url, 'guard');
  db = openDatabase(url, 'guard', pool);
  starts = new StartStore(db, pool);
  await starts.install();
  // No velocity limit: every start is admitted, so the counts see every kind of change.
  await pool.query(
    `INSERT INTO fraud_settings (project_id, number_limit, pending_per_number, ip_limit, project_rps)
     VALUES ($1, NULL, NULL, NULL, NULL)`,
    [PROJECT],
  );
});

afterAll(async () => {
  await db?.$disconnect();
  await pool?.end();
});

describe('counts of verifications per prefix (real Postgres)', () => {
  it('gives every start the conversion that counting the prefix day of starts gives', async () => {
    const random = seededRandom(7);
    const pending: { to: string; requestKey: string }[] = [];
    const forgotten: StartRequest[] = [];
    let compared = 0;
    let judgedSeen = 0;
    for (const [n, time] of schedule(random).entries()) {
      const at = new Date(time);
      const roll = random();
      // Outcomes and refusals of earlier starts come between the starts.
      if (pending.length > 0 && roll < 0.5) {
        const [finished] = pending.splice(Math.floor(random() * pending.length), 1);
        if (roll < 0.05) {
          await starts.forget(PROJECT, finished!.requestKey);
        } else {
          await starts.finishVerification(PROJECT, finished!.to, roll < 0.35, at);
        }
      }
      const again = forgotten.length > 0 && roll > 0.95 ? forgotten.shift() : undefined;
      const prefix = PREFIXES[Math.floor(random() * PREFIXES.length)]!;
      const request: StartRequest = again
        ? { ...again, at }
        : {
            projectId: PROJECT,
            requestKey: `start-${n}`,
            kind: random() < 0.8 ? 'verification' : 'sms',
            to: `+${prefix}${String(Math.floor(random() * 40)).padStart(6, '0')}`,
            country: prefix.startsWith('44') ? 'GB' : 'DE',
            prefix,
            at,
          };
      const answer = await starts.admit(request);
      assert.equal(answer.verdict, 'admitted');
      if (answer.verdict !== 'admitted' || !answer.stats || !answer.start_id) throw new Error('no stats');
      const { judged, approved } = answer.stats;
      assert.deepEqual(
        { judged, approved },
        await countedDirectly(request.prefix, at),
        `start ${n} at ${at.toISOString()}`,
      );
      compared += 1;
      judgedSeen = Math.max(judgedSeen, judged);
      if (request.kind === 'verification') pending.push({ to: request.to, requestKey: request.requestKey });
      // Now and then a block drops the start that tipped it, or its owner refuses it (it is
      // started again later).
      const fate = random();
      if (fate < 0.03) {
        assert.equal(
          await starts.recordBlock({
            projectId: PROJECT,
            prefix: request.prefix,
            reason: 'never_converting',
            mode: 'block',
            since: at,
            until: at,
            droppedStartId: answer.start_id,
            callbackUrl: null,
          }),
          true,
        );
        forgotten.push(request);
      } else if (fate < 0.06) {
        assert.equal(await starts.forget(PROJECT, request.requestKey), true);
        forgotten.push(request);
      }
    }
    // The run reached the day's edge with outcomes on every side of it.
    assert.ok(compared > 400, `${compared} starts compared`);
    assert.ok(judgedSeen > 50, `at most ${judgedSeen} judged`);
    assert.deepEqual(await counts(), await recounted());
  });

  it('fills the counts from the starts when the trigger that keeps them is first created', async () => {
    // As on a database that had starts before guard kept counts: no trigger, no counts.
    const before = await counts();
    assert.ok(before.length > 100, `${before.length} rows of counts`);
    await pool.query('DROP TRIGGER starts_prefix_counts ON starts');
    await pool.query('DELETE FROM prefix_counts');
    await starts.install();
    assert.deepEqual(await counts(), before);
    // Installed again (every start of guard), the counts are neither filled twice nor lost, and
    // the trigger still keeps them.
    await starts.install();
    assert.deepEqual(await counts(), before);
    const at = new Date(BEGIN + 2 * DAY);
    const answer = await starts.admit({
      projectId: PROJECT,
      requestKey: 'after-install',
      kind: 'verification',
      to: '+447700000001',
      country: 'GB',
      prefix: '447700',
      at,
    });
    assert.equal(answer.verdict, 'admitted');
    assert.notDeepEqual(await counts(), before);
    assert.deepEqual(await counts(), await recounted());
  });
});

describe('the trigger that keeps the counts', () => {
  it('keeps them for a write from a session whose search path is not guard (an operator in psql)', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL search_path = public');
      const dropped = await client.query(
        `UPDATE guard.starts SET state = 'dropped'
          WHERE id IN (SELECT id FROM guard.starts WHERE kind = 'verification' AND state <> 'dropped' LIMIT 3)`,
      );
      assert.equal(dropped.rowCount, 3);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    assert.deepEqual(await counts(), await recounted());
  });
});

describe('the detector on a prefix that does not convert (real Postgres)', () => {
  it('counts its volume and blocks the never-converting drip', async () => {
    // Numbers spread over the prefix (no sequential run), each verification expiring unconverted
    // before the next: only the volume rules, counted by the second statement, can see it.
    const project = 'prj_prefixdrip0000000000000000';
    await pool.query(
      `INSERT INTO fraud_settings (project_id, number_limit, pending_per_number, ip_limit, project_rps)
       VALUES ($1, NULL, NULL, NULL, NULL)`,
      [project],
    );
    let now = BEGIN;
    const deps = {
      starts,
      settings: new SettingsStore(db),
      billing: {} as PromiseClient<BillingClient>, // no spend limit is set: never asked
      clock: { now: () => new Date(now) },
      logger: createLogger('prefix-counts-test', 'silent'),
      wakeRelay: () => undefined,
    };
    const verdicts: string[] = [];
    for (let i = 0; i < 9; i++) {
      now += 20 * MINUTE;
      const to = `+4477209${String(1000 + i * 397).padStart(5, '0')}`;
      const verdict = await admitStart(deps, {
        projectId: project,
        to,
        kind: 'verification',
        requestKey: `drip-${i}`,
        signals: {},
      });
      verdicts.push(verdict.admitted ? 'admitted' : `${verdict.code}: ${verdict.message}`);
      if (verdict.admitted) await starts.finishVerification(project, to, false, new Date(now + 10 * MINUTE));
    }
    assert.deepEqual(verdicts.slice(0, 8), Array(8).fill('admitted'));
    assert.match(verdicts[8]!, /^FRAUD_SUSPECTED: destination prefix \+44772 is blocked \(never_converting\)$/);
  });
});

describe('retention of starts, their counts and old blocks (real Postgres)', () => {
  const project = 'prj_retention000000000000000000';
  const now = BEGIN + 30 * DAY;
  const daysAgo = (days: number) => new Date(now - days * DAY);

  async function rowsOf(): Promise<{ starts: number; blocks: number }> {
    const { rows } = await pool.query<{ starts: number; blocks: number }>(
      `SELECT (SELECT count(*)::int FROM starts WHERE project_id = $1) AS starts,
              (SELECT count(*)::int FROM prefix_blocks WHERE project_id = $1) AS blocks`,
      [project],
    );
    return rows[0]!;
  }

  function pass(retentionDays: number): Promise<Record<string, number>> {
    return new RetentionTask({
      rules: guardRetention(pool, retentionDays),
      batchSize: 4,
      intervalMs: 60_000,
      logger: createLogger('guard-retention-test', 'silent'),
      clock: { now: () => new Date(now) },
    }).pass();
  }

  it('deletes starts and counts past RETENTION_DAYS (never within two days) and blocks ended before it', async () => {
    await pool.query('DELETE FROM starts');
    await pool.query('DELETE FROM prefix_counts');
    await pool.query('DELETE FROM prefix_blocks');
    await pool.query(
      `INSERT INTO fraud_settings (project_id, number_limit, pending_per_number, ip_limit, project_rps)
       VALUES ($1, NULL, NULL, NULL, NULL)`,
      [project],
    );
    // Ten starts ten days ago, three a day and a half ago, two now; blocks over ten days ago and now.
    const ages = [...Array<number>(10).fill(10), 1.5, 1.5, 1.5, 0, 0];
    for (const [n, age] of ages.entries()) {
      const answer = await starts.admit({
        projectId: project,
        requestKey: `kept-${n}`,
        kind: 'verification',
        to: `+4477001${String(n * 1000).padStart(5, '0')}`,
        country: 'GB',
        prefix: '447700',
        at: daysAgo(age),
      });
      assert.equal(answer.verdict, 'admitted');
      if (n % 2 === 0)
        await starts.finishVerification(project, `+4477001${String(n * 1000).padStart(5, '0')}`, true, daysAgo(age));
    }
    for (const age of [10, 0]) {
      await starts.recordBlock({
        projectId: project,
        prefix: `4477${age}`,
        reason: 'never_converting',
        mode: 'block',
        since: daysAgo(age + 0.25),
        until: daysAgo(age),
        callbackUrl: null,
      });
    }

    // 0 keeps everything.
    assert.deepEqual(await pass(0), {});
    assert.deepEqual(await rowsOf(), { starts: 15, blocks: 2 });
    // One day asked for: starts are still kept two (the detector's day, and one more).
    assert.deepEqual(await pass(1), { starts: 10, prefix_counts: 1, prefix_blocks: 1 });
    assert.deepEqual(await rowsOf(), { starts: 5, blocks: 1 });
    // What is left is counted exactly (the trigger took each deleted start out of its counts).
    assert.deepEqual(await counts(), await recounted());
    assert.equal((await counts()).length, 2);
  });
});
