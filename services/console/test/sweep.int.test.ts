import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase } from '@otp/test/infra';
import { openDatabase, type Db } from '../src/store/database.js';
import { LoginFailures } from '../src/store/login-failures.js';
import { Sessions } from '../src/store/sessions.js';
import { Users } from '../src/store/users.js';

// The console's sweep (real Postgres): expired sessions and failed sign-ins older than the window
// go; live ones stay. It runs by itself on a timer, as named statements on the pool.

let pool: SchemaPool;
let db: Db;

describe('console sweep (real Postgres)', () => {
  beforeAll(async () => {
    const url = await freshDatabase();
    pool = schemaPool(url, 'console', 2);
    db = openDatabase(url, 'console', pool);
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it('deletes expired sessions and keeps the live ones', async () => {
    const user = await new Users(db).create('sweep@example.com', 'not-a-real-hash', false);
    assert.ok(user);
    const sessions = new Sessions(db, pool);
    const live = await sessions.open(user.id, 60_000);
    const expired = await sessions.open(user.id, 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await sessions.sweep();
    const left = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    assert.equal(left.rows[0]!.n, 1, 'one session left');
    assert.ok(await sessions.find(live.token), 'the live session still signs in');
    assert.equal(await sessions.find(expired.token), undefined);
  });

  it('deletes failed sign-ins older than the window and keeps the recent ones', async () => {
    const failures = new LoginFailures(db, pool);
    await failures.record(['old@example.com']);
    await pool.query(`UPDATE login_failures SET "at" = now() - interval '1 hour' WHERE subject = 'old@example.com'`);
    await failures.record(['recent@example.com']);
    await failures.sweep(new Date(Date.now() - 15 * 60_000));
    const kept = await failures.since(['old@example.com', 'recent@example.com'], new Date(0));
    assert.equal(kept.get('old@example.com')!.length, 0);
    assert.equal(kept.get('recent@example.com')!.length, 1);
  });
});
