import { setTimeout as delay } from 'node:timers/promises';
import type { JetStreamManager } from '@nats-io/jetstream';
import type { Logger } from '../logging.js';
import type { BusAccess } from './access.js';
import { connectBus, ensureStream, type Bus } from './jetstream.js';
import { NATS_PROVISIONER } from './permissions.js';
import { streamReplicas } from './stream-replicas.js';
import { STREAMS } from './streams.js';

// The streams are made and updated by the provisioner alone (the migrations, the launcher), never
// by a part: a stream's config can republish what it stores onto any subject, so whoever may
// create or update one could publish as every part (docs/security.md, "NATS users").

/**
 * Adds every stream of STREAMS, or updates it to its config, as `access` (the provisioner). NATS
 * may still be starting (a trial install): connecting is retried for up to `waitMs`.
 */
export async function provisionStreams(access: BusAccess, logger: Logger, waitMs = 0): Promise<void> {
  const deadline = Date.now() + waitMs;
  let bus: Bus;
  for (;;) {
    try {
      bus = await connectBus(access, NATS_PROVISIONER, logger);
      break;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      logger.warn({ err: error }, 'NATS not reachable yet, retrying');
      await delay(1000);
    }
  }
  try {
    const replicas = streamReplicas();
    for (const stream of Object.values(STREAMS)) await ensureStream(bus.jsm, { ...stream, num_replicas: replicas });
  } finally {
    await bus.close();
  }
}

/** Fails at start, saying why, when a stream the part uses was never provisioned. */
export async function requireStream(jsm: JetStreamManager, name: string): Promise<void> {
  try {
    await jsm.streams.info(name);
  } catch (error) {
    if (error instanceof Error && /not found/i.test(error.message)) {
      throw new Error(
        `NATS stream ${name} does not exist: the migrations create the streams (scripts/migrate.mjs with NATS_URL; the launcher in a local run)`,
      );
    }
    throw error;
  }
}
