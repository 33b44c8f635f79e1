import pg from 'pg';

// Least privilege in Postgres: each part connects as its own login role, which may use its own
// schema's tables, sequences and functions and nothing else (no other schema, no CREATE anywhere).
// The migrations' owner (the migrate job's DATABASE_URL) owns every object and, after each part's
// migrations, grants that part's role its share here. Idempotent: it runs on every migration.

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function checkIdentifier(kind: string, name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid ${kind} name: ${name}`);
  return name;
}

/** The login role a part connects as, unless its URL (DATABASE_URL_<SCHEMA>) names another. */
export function partRole(schema: string): string {
  return `otp_${checkIdentifier('schema', schema)}`;
}

/** The variable that carries a part's own URL to the migrator (the chart sets one per schema). */
export function partUrlVariable(schema: string): string {
  return `DATABASE_URL_${checkIdentifier('schema', schema).toUpperCase()}`;
}

/** The owner's URL with the part's role as its user and no password (a local run: trust auth). */
export function partDatabaseUrl(ownerUrl: string, schema: string): string {
  const url = new URL(ownerUrl);
  url.username = partRole(schema);
  url.password = '';
  return url.toString();
}

export interface PartAccess {
  /** The part's URL: its user is the role, its password (if any) the role's password. */
  partUrl?: string | undefined;
  /** false: a DBA manages the role (it must exist); only the grants are applied. Default true. */
  createRole?: boolean | undefined;
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

// The database as a whole: nobody but its owner creates schemas, temporary tables or objects in
// `public`.
async function restrict(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
  const database = `"${rows[0]!.name.replaceAll('"', '""')}"`;
  await client.query(`REVOKE CREATE, TEMPORARY ON DATABASE ${database} FROM PUBLIC`);
  await client.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
}

/**
 * What grantPartAccess does to the database as a whole, alone: database-level grants are not
 * copied by CREATE DATABASE ... TEMPLATE, so a clone (the test suites' databases) needs it again.
 */
export async function restrictDatabase(ownerUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await restrict(client);
  } finally {
    await client.end();
  }
}

/**
 * Gives the part owning `schema` its role and only its schema: run by the owner of the schema's
 * objects, after the part's migrations (so the grants cover every table they created).
 */
export async function grantPartAccess(ownerUrl: string, schema: string, access: PartAccess = {}): Promise<void> {
  checkIdentifier('schema', schema);
  const given = access.partUrl ? new URL(access.partUrl) : undefined;
  const role = checkIdentifier('role', given?.username ? decodeURIComponent(given.username) : partRole(schema));
  const password = given?.password ? decodeURIComponent(given.password) : undefined;
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    // Parts migrated side by side (the launcher, a trial's init containers) would otherwise race
    // on the same catalog rows ("tuple concurrently updated").
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('otp.grant_part_access'))`);
    if (access.createRole !== false) {
      // Roles are cluster-wide: another database's migration may create it meanwhile. Only a role
      // this migrator creates, or one that has more than a login, is altered.
      await client.query(`DO $role$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${quoteLiteral(role)}) THEN
          CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
        ELSIF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${quoteLiteral(role)}
                       AND (rolsuper OR rolcreatedb OR rolcreaterole OR rolreplication OR rolbypassrls OR NOT rolcanlogin)) THEN
          ALTER ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $role$`);
      if (password !== undefined) await client.query(`ALTER ROLE ${role} PASSWORD ${quoteLiteral(password)}`);
    }
    await restrict(client);
    const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
    await client.query(`GRANT CONNECT ON DATABASE "${rows[0]!.name.replaceAll('"', '""')}" TO ${role}`);
    // Whatever the role held before (a hand-made grant) goes; then exactly its share.
    await client.query(`REVOKE ALL ON SCHEMA ${schema} FROM ${role}`);
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${role}`);
    await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schema} FROM ${role}`);
    await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
    // Prisma's record of the applied migrations is the migrator's alone.
    await client.query(`REVOKE ALL ON TABLE ${schema}._prisma_migrations FROM ${role}`);
    // Guard's admit function (its SQL functions are installed by the owner: schema-objects.ts).
    await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${role}`);
    // Objects the owner creates later (a migration of a running release) are the role's at once.
    await client.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`,
    );
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT ON SEQUENCES TO ${role}`);
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT EXECUTE ON FUNCTIONS TO ${role}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
