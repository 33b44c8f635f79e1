import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { grantPartAccess, type PartAccess } from './roles.js';

// One database, one Postgres schema per service: each service sees only its own tables because
// its connections set search_path, and Prisma's migration table lands in that schema too.

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

function checkSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return schema;
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(database)}`;
  return next.toString();
}

/**
 * Prisma driver adapter bound to the service's schema; given a pool (from `schemaPool`), Prisma
 * shares it with the service's own node-postgres statements, and its `$disconnect` ends it.
 */
export function prismaAdapter(source: string | pg.Pool, schema: string): PrismaPg {
  // The adapter's declarations bring their own copy of @types/pg; at run time there is one pg.
  if (typeof source !== 'string')
    return new PrismaPg(source as unknown as ConstructorParameters<typeof PrismaPg>[0], {
      schema,
      disposeExternalPool: true,
    });
  return new PrismaPg(
    { connectionString: source, options: `-c search_path=${checkSchemaName(schema)}`, max: 10 },
    { schema },
  );
}

/**
 * Readiness: the database answers a trivial query, on the service's pool. Not through Prisma: the
 * orchestrator asks every few seconds, and a probe must not load Prisma's query compiler (about
 * 22 MB) into a process that has no other use for it.
 */
export async function databaseReachable(pool: Pick<pg.Pool, 'query'>): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** A service's node-postgres pool (from `schemaPool`). */
export type SchemaPool = pg.Pool;

/** A plain pg pool bound to the service's schema (the outbox relay and hot-path statements use it). */
export function schemaPool(url: string, schema: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${checkSchemaName(schema)}`, max });
  // An idle connection the server dropped (a restart, a failover, a proxy's idle timeout): the
  // pool discards it and the next query opens another. Unheard, the 'error' event would end the
  // process; a query that was running gets its own error, which the caller sees.
  pool.on('error', () => undefined);
  return pool;
}

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await admin.end();
  }
}

export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${checkSchemaName(schema)}`);
  } finally {
    await client.end();
  }
}

// Printed by `prisma migrate deploy` once every migration is applied and recorded.
const MIGRATE_DONE = /All migrations have been successfully applied|No pending migrations to apply/;

/**
 * What a part's `dist/schema-objects.js` exports, when it has one: objects its migrations cannot
 * create (a PL/pgSQL body cannot pass the schema engine, which splits scripts on every `;`),
 * installed by the migrations' owner right after them, since the part's own role may create nothing.
 */
export interface SchemaObjects {
  installSchemaObjects(pool: pg.Pool): Promise<void>;
}

async function installSchemaObjects(serviceDir: string, url: string, schema: string): Promise<void> {
  const file = path.join(serviceDir, 'dist', 'schema-objects.js');
  if (!existsSync(file)) return;
  const objects = (await import(pathToFileURL(file).href)) as SchemaObjects;
  const pool = schemaPool(url, schema, 1);
  try {
    await objects.installSchemaObjects(pool);
  } finally {
    await pool.end();
  }
}

/**
 * Applies a service's migrations (`prisma migrate deploy` in its folder, through the
 * WebAssembly schema engine configured in its prisma.config.ts), then its schema objects, then
 * the grants of its role (roles.ts): `url` is the owner's.
 *
 * The CLI's engine lingers about 10 s after its work on an idle timer, still holding Prisma's
 * one-per-database advisory lock; so once the CLI reports success, the process is stopped rather
 * than waited for. Nothing is left to do at that point: the migrations and their
 * `_prisma_migrations` rows are committed before the line is printed.
 */
export async function migrateService(
  serviceDir: string,
  url: string,
  schema: string,
  access: PartAccess = {},
): Promise<void> {
  await ensureDatabase(url);
  await ensureSchema(url, schema);
  const prisma = path.join(serviceDir, 'node_modules', '.bin', 'prisma');
  const bin = existsSync(prisma) ? prisma : path.resolve(serviceDir, '..', '..', 'node_modules', '.bin', 'prisma');
  await new Promise<void>((resolve, reject) => {
    let output = '';
    let done = false;
    const child = spawn(bin, ['migrate', 'deploy'], {
      cwd: serviceDir,
      // CHECKPOINT_DISABLE: the CLI would otherwise try to report usage over the network.
      env: { ...process.env, DATABASE_URL: url, DATABASE_SCHEMA: schema, CHECKPOINT_DISABLE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!done && MIGRATE_DONE.test(output)) {
        done = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) =>
      done || code === 0 ? resolve() : reject(new Error(`migrations of ${schema} failed (exit ${code}):\n${output}`)),
    );
  });
  await installSchemaObjects(serviceDir, url, schema);
  await grantPartAccess(url, schema, access);
}
