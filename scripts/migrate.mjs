// Applies the database migrations of every service that owns a schema (or only the services
// named on the command line), each into its own Postgres schema of DATABASE_URL (the owner), and
// gives each part its login role, allowed its own schema only (docs/deploying.md, "Database roles"):
// DATABASE_URL_<SCHEMA> (the part's own URL, as the chart gives it) names the role and its
// password; without it the role is otp_<schema> and its password is left as it is.
// DATABASE_CREATE_ROLES=false: a DBA manages the roles; only the grants are applied.
//
//   DATABASE_URL=postgresql://... node scripts/migrate.mjs [gateway billing ...]
//
// With NATS_URL set it then makes or updates the NATS streams (services/platform/src/bus/streams.ts)
// as the provisioner user (NATS_USER/NATS_PASSWORD or NATS_CREDS; docs/security.md, "NATS users"):
// no part may create or change a stream. With NATS_URL and no DATABASE_URL it makes the streams only.
//
// Used by the Helm chart's migration job (`migrate` in the image), by the trial install's init
// containers and by local runs. Postgres may still be starting (a fresh trial install, a
// failover) and `prisma migrate deploy` serialises runs with one advisory lock per database
// (it gives up after 10 s), so those failures are retried until MIGRATE_WAIT_SECONDS have
// passed; anything else (a broken migration) fails at once.
import { setTimeout as delay } from 'node:timers/promises';
import { createLogger, migrateService, partUrlVariable, provisionStreams } from '@otp/platform';
import { SCHEMAS, START_ORDER, serviceDir } from '@otp/platform/launcher';

const url = process.env.DATABASE_URL;
// Only NATS_URL: the streams alone (a trial NATS beside your own Postgres, whose Job migrated it).
if (!url && !process.env.NATS_URL) {
  console.error('migrate: set DATABASE_URL (and NATS_URL to make the streams)');
  process.exit(64);
}
const createRoles = process.env.DATABASE_CREATE_ROLES ?? 'true';
if (createRoles !== 'true' && createRoles !== 'false') {
  console.error('migrate: DATABASE_CREATE_ROLES must be true or false');
  process.exit(64);
}
const waitSeconds = Number(process.env.MIGRATE_WAIT_SECONDS ?? '60');
if (!Number.isFinite(waitSeconds) || waitSeconds < 0) {
  console.error('migrate: MIGRATE_WAIT_SECONDS must be a number of seconds >= 0');
  process.exit(64);
}

const owners = START_ORDER.filter((name) => SCHEMAS[name]);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !owners.includes(name));
if (unknown.length > 0) {
  console.error(`migrate: no schema for ${unknown.join(', ')} (known: ${owners.join(', ')})`);
  process.exit(64);
}
const services = !url ? [] : wanted.length > 0 ? owners.filter((name) => wanted.includes(name)) : owners;

// The URL carries the password: only its host and database are ever printed.
const target = (() => {
  if (!url) return '';
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
})();

// Connection failures, Postgres starting up or out of connections, a concurrent CREATE SCHEMA,
// and Prisma's advisory-lock timeout (P1002) or unreachable server (P1001).
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  '57P03',
  '53300',
  '23505',
  '42P06',
]);
const isTransient = (error) =>
  TRANSIENT_CODES.has(error?.code) ||
  /\bP100[12]\b|advisory lock|Can't reach database server/i.test(String(error?.message));

const deadline = Date.now() + waitSeconds * 1000;
for (const name of services) {
  const schema = SCHEMAS[name];
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateService(serviceDir(name), url, schema, {
        partUrl: process.env[partUrlVariable(schema)] || undefined,
        createRole: createRoles === 'true',
      });
      console.log(JSON.stringify({ msg: 'migrated', service: name, schema, database: target }));
      break;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!isTransient(error) || Date.now() >= deadline) {
        console.error(
          JSON.stringify({ msg: 'migration failed', service: name, schema, database: target, error: message }),
        );
        process.exit(1);
      }
      console.error(
        JSON.stringify({ msg: 'migration not applied yet, retrying', service: name, attempt, error: message }),
      );
      await delay(Math.min(1000 * 2 ** (attempt - 1), 5000));
    }
  }
}

if (process.env.NATS_URL) {
  const access = {
    url: process.env.NATS_URL,
    user: process.env.NATS_USER || undefined,
    password: process.env.NATS_PASSWORD || undefined,
    credsFile: process.env.NATS_CREDS || undefined,
  };
  try {
    await provisionStreams(access, createLogger('migrate', 'warn'), Math.max(0, deadline - Date.now()));
    console.log(JSON.stringify({ msg: 'streams provisioned' }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(JSON.stringify({ msg: 'stream provisioning failed', error: message }));
    process.exit(1);
  }
}
