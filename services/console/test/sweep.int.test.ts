import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase } from '@otp/test/infra';
import { openDatabase, type Db } from '../src/store/database.js';
import { LoginAttempts } from '../src/store/login-attempts.js';
import { Sessions } from '../src/store/sessions.js';
import { Users } from '../src/store/users.js';

// The console's sweep (real Postgres): expired sessions and sign-in throttling windows that ended
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

  it('deletes throttling windows that ended and keeps the current ones', async () => {
    const attempts = new LoginAttempts(pool);
    const windowMs = 15 * 60_000;
    await attempts.count({ email: 'email:old@example.com', address: 'ip:10.0.0.1' }, windowMs);
    await pool.query(`UPDATE login_attempts SET window_started_at = now() - interval '1 hour'`);
    await attempts.count({ email: 'email:recent@example.com', address: 'ip:10.0.0.2' }, windowMs);
    await attempts.sweep(new Date(Date.now() - windowMs));
    const kept = await pool.query<{ subject: string }>('SELECT subject FROM login_attempts ORDER BY subject');
    assert.deepEqual(
      kept.rows.map((row) => row.subject),
      ['email:recent@example.com', 'ip:10.0.0.2'],
    );
  });
});
