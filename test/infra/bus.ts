import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import { freePort, startLocalNats, type NatsUsers } from '@otp/platform/launcher';
import { eventually } from './http.js';

// The suites' NATS. The platform runs on a nats-server with a user per part (the permission
// table, services/platform/src/bus/permissions.ts), started once per run by the global setup
// (platformNats); a suite reads and resets it as the observer, a user without limits that only
// the suites have. TEST_NATS_URL is the bare bus (no users): for suites that need only a bus, and
// the platform's NATS when no nats-server is on PATH (Testcontainers on a laptop).

/** The suites' own NATS user: reads every stream, resets them, publishes as any producer. */
export const OBSERVER = 'observer';

/** A NATS and the credentials of its users (none: a NATS without users). */
export interface SuiteNats {
  url: string;
  users: NatsUsers;
}

/** The bare bus, without users (TEST_NATS_URL). */
export function natsUrl(): string {
  const url = process.env.TEST_NATS_URL;
  if (!url) throw new Error('TEST_NATS_URL is not set: run the suites with `npm test`');
  return url;
}

/** The NATS the platform suites run on (TEST_PLATFORM_NATS, set by the global setup), else the bare bus. */
export function platformNats(): SuiteNats {
  const given = process.env.TEST_PLATFORM_NATS;
  return given ? (JSON.parse(given) as SuiteNats) : { url: natsUrl(), users: {} };
}

/** Makes `nats` the platform NATS of this process (a suite's private one) until the returned function is called. */
export function usePlatformNats(nats: SuiteNats): () => void {
  const previous = process.env.TEST_PLATFORM_NATS;
  process.env.TEST_PLATFORM_NATS = JSON.stringify({ url: nats.url, users: nats.users });
  return () => {
    if (previous === undefined) delete process.env.TEST_PLATFORM_NATS;
    else process.env.TEST_PLATFORM_NATS = previous;
  };
}

/** nats.js options for `nats` as the observer (no credentials on a NATS without users). */
export function observerOptions(nats: SuiteNats = platformNats()): ConnectionOptions {
  const observer = nats.users[OBSERVER];
  return observer ? { servers: nats.url, user: observer.user, pass: observer.password } : { servers: nats.url };
}

/** A connection to the platform's NATS (or `nats`) as the observer. */
export function connectObserver(nats: SuiteNats = platformNats()): Promise<NatsConnection> {
  return connect(observerOptions(nats));
}

/** Deletes every stream, so a suite never sees an earlier suite's messages or consumers. */
export async function resetBus(nats: SuiteNats = platformNats()): Promise<void> {
  const nc = await connectObserver(nats);
  try {
    const jsm = await jetstreamManager(nc);
    for await (const stream of jsm.streams.list()) await jsm.streams.delete(stream.config.name);
  } finally {
    await nc.close();
  }
}

export interface PrivateNats extends SuiteNats {
  /** Kills the server (SIGKILL) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, store and users, as after an outage. */
  restart(): Promise<void>;
  /** Kills it and removes its store. */
  dispose(): Promise<void>;
}

/** Whether `nats-server` can be started from PATH. */
export function natsServerInstalled(): boolean {
  return !spawnSync('nats-server', ['--version'], { stdio: 'ignore' }).error;
}

/**
 * A nats-server of the suite's own, with a user per part and the observer (for outage tests:
 * killing it harms no other suite; and for the run's NATS). `users: false`: without users, as a
 * NATS that permits everything. Waits until it accepts connections.
 */
export async function startPrivateNats(options: { users?: boolean } = {}): Promise<PrivateNats> {
  const dir = mkdtempSync(path.join(tmpdir(), 'otp-nats-'));
  const port = await freePort();
  if (options.users === false) return startBareNats(dir, port);
  const nats = await startLocalNats({ dir, port, unrestricted: [OBSERVER] });
  return {
    url: nats.url,
    users: nats.users,
    kill: nats.kill,
    restart: nats.start,
    async dispose() {
      await nats.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startBareNats(dir: string, port: number): Promise<PrivateNats> {
  const url = `nats://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
    await eventually(
      () =>
        connect({ servers: url }).then(
          (nc) => nc.close().then(() => true),
          () => false,
        ),
      (up) => up,
      { what: `the suite's nats-server on ${port}` },
    );
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await gone;
  };
  await start();
  return {
    url,
    users: {},
    kill,
    restart: start,
    async dispose() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
