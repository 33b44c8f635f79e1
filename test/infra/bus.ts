import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { freePort } from '@otp/platform/launcher';
import { eventually } from './http.js';

/** NATS for the suites (they run one at a time and each starts from empty streams). */
export function natsUrl(): string {
  const url = process.env.TEST_NATS_URL;
  if (!url) throw new Error('TEST_NATS_URL is not set: run the suites with `npm test`');
  return url;
}

/** Deletes every stream, so a suite never sees an earlier suite's messages or consumers. */
export async function resetBus(url = natsUrl()): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const stream of jsm.streams.list()) await jsm.streams.delete(stream.config.name);
  } finally {
    await nc.close();
  }
}

export interface PrivateNats {
  url: string;
  /** Kills the server (SIGKILL) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store, as after an outage. */
  restart(): Promise<void>;
  /** Kills it and removes its store. */
  dispose(): Promise<void>;
}

/**
 * A nats-server of the suite's own, for outage tests: killing it harms no other suite. Waits
 * until it accepts connections.
 */
export async function startPrivateNats(): Promise<PrivateNats> {
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  const storeDir = mkdtempSync(path.join(tmpdir(), 'otp-nats-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
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
    kill,
    restart: start,
    async dispose() {
      await kill();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
