// `npm start`: the whole platform on one machine (README, "Quick start"; docs/developing.md). Migrates every
// service's schema, starts each service as its own process (sandbox providers included), creates a
// demo project on first run and prints its API key. Ctrl-C stops everything cleanly.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { LOCAL_PORTS, REPO_ROOT, migrateAll, startLocalNats, startPlatform } from '@otp/platform/launcher';
import { LOCAL_ADMIN_TOKEN } from '@otp/platform/production-secrets';

const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/otp';
// The local run's own nats-server (a user per part, docs/security.md "NATS users"), unless NATS_URL
// names a NATS of yours, which the parts then use without users.
const LOCAL_NATS_PORT = 14222;
const adminToken = process.env.ADMIN_TOKEN ?? LOCAL_ADMIN_TOKEN;
const stateFile = path.join(REPO_ROOT, '.local', 'demo-project.json');
const operatorFile = path.join(REPO_ROOT, '.local', 'console-operator.json');

function say(line = '') {
  process.stdout.write(`${line}\n`);
}

async function admin(platform, method, route, body) {
  const response = await fetch(`${platform.adminUrl}/admin/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The demo project of the first run, reused while it exists (its key is kept in .local/, git-ignored). */
async function demoProject(platform) {
  try {
    const saved = JSON.parse(await readFile(stateFile, 'utf8'));
    const found = await admin(platform, 'GET', `/projects/${saved.project_id}`);
    if (found.status === 200) return { ...saved, created: false };
  } catch {
    // first run, or the database was reset
  }
  const project = await admin(platform, 'POST', '/projects', { name: 'Demo' });
  if (project.status !== 201) throw new Error(`could not create the demo project: ${JSON.stringify(project.body)}`);
  const key = await admin(platform, 'POST', `/projects/${project.body.id}/api-keys`, { name: 'demo' });
  if (key.status !== 201) throw new Error(`could not create the demo API key: ${JSON.stringify(key.body)}`);
  // A ready sender ID, so SMS and the SMS fallback work from the first request.
  const sender = await admin(platform, 'POST', `/projects/${project.body.id}/sender-ids`, {
    value: 'OTPDemo',
    site: 'localhost',
  });
  if (sender.status === 201) {
    await admin(platform, 'POST', `/projects/${project.body.id}/sender-ids/OTPDemo/approve`);
    await admin(platform, 'PATCH', `/projects/${project.body.id}/settings/sms`, { default_sender_id: 'OTPDemo' });
  }
  const saved = { project_id: project.body.id, api_key: key.body.key };
  await mkdir(path.dirname(stateFile), { recursive: true });
  await writeFile(stateFile, JSON.stringify(saved, null, 2), { mode: 0o600 });
  return { ...saved, created: true };
}

/**
 * The console's first operator, created once with the console's CLI (its password kept in .local/,
 * git-ignored), and made owner of the demo project.
 */
async function firstOperator(projectId) {
  try {
    return { ...JSON.parse(await readFile(operatorFile, 'utf8')), created: false };
  } catch {
    // first run
  }
  const credentials = { email: 'operator@localhost.test', password: randomBytes(12).toString('base64url') };
  const cli = path.join(REPO_ROOT, 'services', 'console', 'dist', 'cli.js');
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  const run = (args) => promisify(execFile)(process.execPath, [cli, ...args], { env });
  try {
    await run(['users', 'create', '--operator', '--email', credentials.email, '--password', credentials.password]);
  } catch (error) {
    // The user exists (the file was deleted): say so rather than print a password that does not work.
    return { email: credentials.email, password: null, created: false, error: String(error.stderr ?? error) };
  }
  await run(['users', 'add-member', '--email', credentials.email, '--project', projectId, '--role', 'owner']);
  await mkdir(path.dirname(operatorFile), { recursive: true });
  await writeFile(operatorFile, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return { ...credentials, created: true };
}

/** NATS_URL as given (no users), or a nats-server of this run: JetStream in .local/nats, new passwords each start. */
async function localNats() {
  if (process.env.NATS_URL) return { url: process.env.NATS_URL, users: undefined, stop: async () => undefined };
  try {
    // Its own process group: Ctrl-C reaches the services first, and NATS is stopped last (below).
    return await startLocalNats({ dir: path.join(REPO_ROOT, '.local', 'nats'), port: LOCAL_NATS_PORT, detached: true });
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : error}\n(install nats-server 2.9+, or set NATS_URL to a NATS of yours with JetStream)`,
    );
  }
}

async function main() {
  say(`Migrating ${databaseUrl.replace(/\/\/[^@]*@/, '//')} ...`);
  await migrateAll(databaseUrl);
  const nats = await localNats();
  const quietBelow = process.env.LOG_LEVEL ?? 'warn';
  const platform = await startPlatform({
    databaseUrl,
    natsUrl: nats.url,
    natsUsers: nats.users,
    ports: LOCAL_PORTS,
    adminToken,
    allowPrivateCallbacks: true,
    logLevel: quietBelow,
    onLine: (name, line) => process.stdout.write(`[${name}] ${line}\n`),
    // The local CA and the parts' gRPC certificates (mutual TLS, as in production), kept while valid.
    grpcTlsDir: path.join(REPO_ROOT, '.local', 'grpc-tls'),
  });

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping services ...`);
    await platform.stop();
    await nats.stop();
    say('stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A service that dies takes the local run down with it, loudly, rather than leaving half a platform.
  for (const service of platform.services.values()) {
    void service.exited.then(async (code) => {
      if (stopping) return;
      console.error(`${service.name} exited unexpectedly (code ${code}); stopping the platform.`);
      stopping = true;
      await platform.stop();
      await nats.stop();
      process.exit(1);
    });
  }

  const demo = await demoProject(platform);
  say();
  say('The platform is up.');
  say(`  public API    ${platform.publicUrl}/v1`);
  say(`  admin API     ${platform.adminUrl}/admin/v1   (Authorization: Bearer ${adminToken})`);
  say(`  sandbox inbox ${platform.sandboxUrl}`);
  say(`  SMPP sandbox  127.0.0.1:${platform.ports.smpp}`);
  say(
    nats.users
      ? `  NATS          ${nats.url}, a user per part (${path.join('.local', 'nats', 'nats-server.conf')})`
      : `  NATS          ${nats.url} (NATS_URL: yours, without per-part users)`,
  );
  say(`  gRPC          mutual TLS; a caller's certificate: GRPC_TLS_CA=${platform.grpcTls.ca}`);
  say(`                GRPC_TLS_CERT=${platform.grpcTls.cert} GRPC_TLS_KEY=${platform.grpcTls.key}`);
  if (platform.services.has('console')) {
    const operator = await firstOperator(demo.project_id);
    say(`  console       ${platform.consoleUrl}`);
    say(`    admin port  ${platform.consoleAdminUrl}/admin/v1/users   (otpctl users create; never behind an Ingress)`);
    if (operator.password) {
      say(
        `    sign in as ${operator.email} / ${operator.password}${operator.created ? ' (operator created now)' : ''}`,
      );
      say('    operators set up two-factor authentication (an authenticator app) at their first sign-in');
    } else {
      say(`    operator ${operator.email} exists; reset with the console CLI (docs/security.md, "Console")`);
    }
  }
  say();
  say(`Demo project ${demo.project_id}${demo.created ? ' (created now)' : ''}`);
  say(`  API key: ${demo.api_key}`);
  say(`  curl -H "Authorization: Bearer ${demo.api_key}" ${platform.publicUrl}/v1/project`);
  say();
  say('Ctrl-C stops everything.');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
