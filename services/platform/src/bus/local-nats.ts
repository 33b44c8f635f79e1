import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { natsPermissions, natsUserNames, type NatsUserName } from './permissions.js';

// The local run's and the test suites' own nats-server (the chart renders the same configuration
// for its trial NATS): one user per part with its permissions from permissions.ts, the
// provisioner, and any unrestricted users the caller asks for (a suite's observer). Passwords are
// new on every start; JetStream keeps its store in the folder given.

export interface NatsCredentials {
  user: string;
  password: string;
}

/** The credentials of each user of a NATS, by user name (empty: a NATS without users). */
export type NatsUsers = Record<string, NatsCredentials>;

/** Quoted for nats-server's configuration: a bare `$` would name a variable. */
const quoted = (value: string) => JSON.stringify(value);

/**
 * A nats-server configuration: JetStream in `storeDir`, listening on 127.0.0.1:`port`, and
 * `users` (a user the table has no row for is unrestricted).
 */
export function natsServerConfig(options: {
  port: number;
  storeDir: string;
  users: NatsUsers;
  pidFile?: string;
}): string {
  const users = Object.values(options.users).map(({ user, password }) => {
    const permissions = natsPermissions(user as NatsUserName);
    const granted = permissions
      ? `, permissions: { publish: { allow: [${permissions.publish.map(quoted).join(', ')}] }, subscribe: { allow: [${permissions.subscribe.map(quoted).join(', ')}] } }`
      : '';
    return `    { user: ${quoted(user)}, password: ${quoted(password)}${granted} }`;
  });
  return [
    `listen: ${quoted(`127.0.0.1:${options.port}`)}`,
    `jetstream { store_dir: ${quoted(options.storeDir)} }`,
    ...(options.pidFile ? [`pid_file: ${quoted(options.pidFile)}`] : []),
    'authorization {',
    '  users = [',
    ...users,
    '  ]',
    '}',
    '',
  ].join('\n');
}

/** Fresh credentials for every user of the table plus `unrestricted` ones. */
export function newNatsUsers(unrestricted: readonly string[] = []): NatsUsers {
  const users: NatsUsers = {};
  for (const user of [...natsUserNames(), ...unrestricted]) {
    users[user] = { user, password: randomBytes(18).toString('base64url') };
  }
  return users;
}

export interface LocalNats {
  url: string;
  users: NatsUsers;
  /** Kills the server (SIGKILL) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, store and users, as after an outage. */
  start(): Promise<void>;
  /** Stops it (SIGTERM) and waits. */
  stop(): Promise<void>;
}

/**
 * Starts `nats-server` (from PATH) in `dir` (its configuration and its JetStream store) on
 * 127.0.0.1:`port`, and resolves once the provisioner can connect.
 */
export async function startLocalNats(options: {
  dir: string;
  port: number;
  unrestricted?: readonly string[];
  readyTimeoutMs?: number;
  /**
   * In its own process group, so a terminal's Ctrl-C reaches the services first and NATS stays up
   * while they drain; the caller stops it last. A server an earlier run in `dir` left behind is
   * killed first (its pid file names it).
   */
  detached?: boolean;
}): Promise<LocalNats> {
  const users = newNatsUsers(options.unrestricted);
  const url = `nats://127.0.0.1:${options.port}`;
  const storeDir = path.join(options.dir, 'jetstream');
  mkdirSync(storeDir, { recursive: true });
  const configFile = path.join(options.dir, 'nats-server.conf');
  const pidFile = path.join(options.dir, 'nats-server.pid');
  if (options.detached) await killLeftOver(pidFile, configFile);
  writeFileSync(configFile, natsServerConfig({ port: options.port, storeDir, users, pidFile }), { mode: 0o600 });
  const probe = Object.values(users)[0]!;
  let child: ChildProcess | undefined;

  const stopWith = async (signal: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await gone;
  };

  const start = async () => {
    const output: string[] = [];
    const started = spawn('nats-server', ['-c', configFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.detached ?? false,
    });
    child = started;
    const keep = (chunk: Buffer) => output.push(chunk.toString());
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    const failed = new Promise<never>((_, reject) => {
      started.once('error', (error) => reject(new Error(`cannot start nats-server (on PATH?): ${error.message}`)));
      started.once('exit', (code) => reject(new Error(`nats-server exited with ${code}:\n${output.join('')}`)));
    });
    failed.catch(() => undefined);
    const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
    for (;;) {
      const up = await Promise.race([
        connect({ servers: url, user: probe.user, pass: probe.password, reconnect: false }).then(
          (nc) => nc.close().then(() => true),
          () => false,
        ),
        failed,
      ]).catch(async (error: unknown) => {
        child = undefined;
        throw error;
      });
      if (up) return;
      if (Date.now() > deadline) {
        await stopWith('SIGKILL');
        throw new Error(`nats-server on ${options.port} not ready:\n${output.join('')}`);
      }
      await delay(50);
    }
  };

  await start();
  // Never outlives this process (a failed suite setup, a crashed local run): nothing else would stop it.
  process.once('exit', () => {
    if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    url,
    users,
    kill: () => stopWith('SIGKILL'),
    start,
    stop: () => stopWith('SIGTERM'),
  };
}

/** Kills the nats-server an earlier run started with `configFile` and never stopped (the run was killed). */
async function killLeftOver(pidFile: string, configFile: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  rmSync(pidFile, { force: true });
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // gone, or not Linux
  }
  if (!command.includes('nats-server') || !command.includes(configFile)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return; // exited meanwhile
  }
  // Its port is free once it is gone.
  for (let waited = 0; waited < 5000 && existsSync(`/proc/${pid}`); waited += 50) await delay(50);
}
