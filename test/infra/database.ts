import { randomBytes } from 'node:crypto';
import { restrictDatabase, withDatabase } from '@otp/platform';
import { migrateAll } from '@otp/platform/launcher';
import pg from 'pg';

// Each suite gets its own database, cloned from a template migrated once per run (a clone is a
// file copy in Postgres: far faster than running every migration per suite).

// TEST_DB_PREFIX keeps concurrent runs (several developers on one Postgres) apart.
const PREFIX = (process.env.TEST_DB_PREFIX ?? 'otp_test').replace(/[^a-z0-9_]/g, '');
export const TEMPLATE_DATABASE = `${PREFIX}_template`;

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the suites with `npm test`');
  return url;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** (Re)creates the template: every service's migrations applied to an empty database. */
export async function buildTemplate(): Promise<void> {
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    // Databases left by earlier runs.
    const old = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${PREFIX}_suite_%`,
    ]);
    for (const row of old.rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  });
  await migrateAll(withDatabase(serverUrl(), TEMPLATE_DATABASE));
}

let templateReady: Promise<void> | undefined;

/**
 * A new database with every schema migrated and each part's role granted its own (the grants
 * are cloned; roles are the server's); its URL, the owner's.
 */
export async function freshDatabase(): Promise<string> {
  if (!process.env.OTP_TEST_TEMPLATE_READY) templateReady ??= buildTemplate();
  await templateReady;
  const name = `${PREFIX}_suite_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const url = withDatabase(serverUrl(), name);
  // A clone does not inherit the template's database-level grants.
  await restrictDatabase(url);
  return url;
}
