import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

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
