import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { freshDatabase, startTestPlatform } from '@otp/test/infra';
import pg from 'pg';
import { partDatabaseUrl, partRole } from '../src/db/roles.js';
import { PARTS } from '../src/parts.js';

// Least privilege in Postgres (docs/security.md, "Database roles"): on a database migrated as the
// suites' template is (migrateAll), each part's role may use its own schema and nothing else, and
// may create nothing anywhere.

const SCHEMAS = PARTS.flatMap((part) => (part.schema === null ? [] : [part.schema]));
const INSUFFICIENT_PRIVILEGE = '42501';

let url: string;
let owner: pg.Client;
/** Every table of every part's schema, by schema. */
const tables = new Map<string, string[]>();
const clients = new Map<string, pg.Client>();

async function as(schema: string): Promise<pg.Client> {
  let client = clients.get(schema);
  if (!client) {
    // As the part connects: its role, its schema first on the search path.
    client = new pg.Client({ connectionString: partDatabaseUrl(url, schema), options: `-c search_path=${schema}` });
    await client.connect();
    clients.set(schema, client);
  }
  return client;
}

async function refused(client: pg.Client, sql: string): Promise<void> {
  await assert.rejects(client.query(sql), (error: { code?: string }) => {
    assert.equal(error.code, INSUFFICIENT_PRIVILEGE, `${sql}: ${String(error)}`);
    return true;
  });
}

beforeAll(async () => {
  url = await freshDatabase();
  owner = new pg.Client({ connectionString: url });
  await owner.connect();
  const { rows } = await owner.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
      ORDER BY 1, 2`,
    [SCHEMAS],
  );
  for (const row of rows) tables.set(row.schema, [...(tables.get(row.schema) ?? []), row.table]);
});

afterAll(async () => {
  await Promise.all([...clients.values()].map((client) => client.end()));
  await owner?.end();
});

describe('one Postgres role per part', () => {
  it('the sms role cannot read billing (the ledger, holds, accounts)', async () => {
    const sms = await as('sms');
    assert.equal((await sms.query<{ user: string }>('SELECT current_user AS user')).rows[0]!.user, partRole('sms'));
    const billing = tables.get('billing') ?? [];
    assert.ok(billing.length >= 3, `billing has tables: ${billing.join(', ')}`);
    for (const table of billing) await refused(sms, `SELECT * FROM billing.${table} LIMIT 1`);
    await refused(sms, `DELETE FROM billing.${billing[0]} WHERE false`);
    // Nor the migrations' record of its own schema.
    await refused(sms, 'DELETE FROM sms._prisma_migrations WHERE false');
  });

  it('the sms role reads and writes its own tables', async () => {
    const sms = await as('sms');
    await sms.query(
      `INSERT INTO sender_ids (project_id, value_key, value, site, status) VALUES ('prj_roles', 'otp', 'OTP', 'example.com', 'pending')`,
    );
    await sms.query(`UPDATE sms.sender_ids SET status = 'approved' WHERE project_id = 'prj_roles'`);
    const { rows } = await sms.query<{ status: string }>(
      `SELECT status FROM sender_ids WHERE project_id = 'prj_roles' FOR UPDATE`,
    );
    assert.deepEqual(rows, [{ status: 'approved' }]);
    // A table with a sequence (the outbox's seq).
    await sms.query(
      `INSERT INTO outbox_events (id, subject, type, payload) VALUES (gen_random_uuid(), 'test', 'test', '{}')`,
    );
    await sms.query(`DELETE FROM sender_ids WHERE project_id = 'prj_roles'`);
  });

  it("every part's role reads its own schema and no other", async () => {
    for (const schema of SCHEMAS) {
      const client = await as(schema);
      for (const [other, names] of tables) {
        const sql = `SELECT 1 FROM ${other}.${names[0]} LIMIT 1`;
        if (other === schema) await client.query(sql);
        else await refused(client, sql);
      }
    }
  });

  it("no part's role can create a table, a schema or a function anywhere", async () => {
    for (const schema of SCHEMAS) {
      const client = await as(schema);
      for (const target of [...SCHEMAS, 'public']) await refused(client, `CREATE TABLE ${target}.intruder (id int)`);
      await refused(client, 'CREATE TABLE intruder (id int)');
      await refused(client, 'CREATE TEMP TABLE intruder (id int)');
      await refused(client, 'CREATE SCHEMA intruder');
      await refused(client, `CREATE FUNCTION ${schema}.intruder() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
    }
  });

  it("guard's role runs the functions the owner installed for it", async () => {
    const guard = await as('guard');
    const { rows } = await guard.query<{ present: boolean }>(
      `SELECT has_function_privilege(current_user, to_regprocedure('admit_start_2(jsonb)'), 'EXECUTE') AS present`,
    );
    assert.deepEqual(rows, [{ present: true }]);
  });

  it('the launcher starts each part as its own role', async () => {
    const platform = await startTestPlatform({ only: ['billing'] });
    try {
      assert.equal(new URL(platform.envOf('billing').DATABASE_URL!).username, partRole('billing'));
      const watcher = new pg.Client({ connectionString: platform.databaseUrl });
      await watcher.connect();
      try {
        const { rows } = await watcher.query<{ user: string }>(
          `SELECT DISTINCT usename AS user FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        assert.deepEqual(
          rows.map((row) => row.user),
          [partRole('billing')],
        );
      } finally {
        await watcher.end();
      }
    } finally {
      await platform.stop();
    }
  });
});
