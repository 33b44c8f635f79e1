import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, it } from '@jest/globals';
import { freshDatabase } from '@otp/test/infra';
import { schemaPool } from '../src/db/postgres.js';
import { createLogger } from '../src/logging.js';
import { outboxRetention } from '../src/outbox.js';
import { HOUR_MS, RetentionTask } from '../src/retention.js';

// The retention task over a real outbox table: published rows past OUTBOX_RETENTION_HOURS go in
// batches, newer ones and unpublished ones (whatever their age) stay, 0 keeps everything, and two
// tasks pruning at once (two replicas) delete each row once without failing.

const logger = createLogger('retention-test', 'silent');
let pool: ReturnType<typeof schemaPool>;

async function insert(rows: number, publishedHoursAgo: number | null): Promise<void> {
  for (let n = 0; n < rows; n++) {
    await pool.query(
      `INSERT INTO outbox_events (id, subject, type, payload, created_at, published_at)
       VALUES ($1, 'events.sms.status', 'sms.sent', '{}', now() - interval '30 days',
               CASE WHEN $2::int IS NULL THEN NULL ELSE now() - $2::int * interval '1 hour' END)`,
      [randomUUID(), publishedHoursAgo],
    );
  }
}

async function remaining(): Promise<{ published: number; unpublished: number }> {
  const { rows } = await pool.query<{ published: number; unpublished: number }>(
    `SELECT count(published_at)::int AS published, (count(*) - count(published_at))::int AS unpublished
       FROM outbox_events`,
  );
  return rows[0]!;
}

function task(keepHours: number, batchSize: number): RetentionTask {
  return new RetentionTask({ rules: [outboxRetention(pool, keepHours)], batchSize, intervalMs: 60_000, logger });
}

describe('retention of published outbox rows (real Postgres)', () => {
  beforeAll(async () => {
    pool = schemaPool(await freshDatabase(), 'retention_test');
    await pool.query('CREATE SCHEMA IF NOT EXISTS retention_test');
    await pool.query(`CREATE TABLE outbox_events (
      id uuid PRIMARY KEY, seq bigserial NOT NULL, subject text NOT NULL, type text NOT NULL, payload jsonb NOT NULL,
      headers jsonb NOT NULL DEFAULT '{}', created_at timestamptz(3) NOT NULL DEFAULT now(), published_at timestamptz(3))`);
    await pool.query('CREATE INDEX ON outbox_events (published_at, seq)');
  });
  beforeEach(() => pool.query('TRUNCATE outbox_events'));
  afterAll(() => pool?.end());

  it('deletes published rows older than the retention in batches; newer and unpublished rows stay', async () => {
    await insert(7, 25);
    await insert(3, 23);
    await insert(4, null);
    const deleted = await task(24, 2).pass();
    assert.deepEqual(deleted, { outbox_events: 7 });
    assert.deepEqual(await remaining(), { published: 3, unpublished: 4 });
  });

  it('0 keeps published rows forever', async () => {
    await insert(3, 24 * 365);
    assert.deepEqual(await task(0, 100).pass(), {});
    assert.deepEqual(await remaining(), { published: 3, unpublished: 0 });
  });

  it('two replicas pruning at once delete every due row once, and neither fails', async () => {
    await insert(40, 48);
    const together = await Promise.all([task(24, 3).pass(), task(24, 3).pass()]);
    // A short batch ends a pass early when the other replica held rows: the next pass takes them.
    const next = await task(24, 3).pass();
    const deleted = [...together, next].reduce((sum, pass) => sum + (pass.outbox_events ?? 0), 0);
    assert.equal(deleted, 40);
    assert.deepEqual(await remaining(), { published: 0, unpublished: 0 });
  });

  it('the cutoff is the clock minus the retention', async () => {
    await insert(2, 30);
    const tomorrow = { now: () => new Date(Date.now() + 24 * HOUR_MS) };
    await insert(2, 1);
    const deleted = await new RetentionTask({
      rules: [outboxRetention(pool, 24)],
      batchSize: 10,
      intervalMs: 60_000,
      logger,
      clock: tomorrow,
    }).pass();
    assert.deepEqual(deleted, { outbox_events: 4 });
  });
});
