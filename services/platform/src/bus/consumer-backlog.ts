import { RetentionPolicy, type Consumer, type JetStreamClient } from '@nats-io/jetstream';
import type { ConsumerBacklog } from '../telemetry/metrics.js';
import { STREAMS } from './streams.js';

/** Streams that keep a message only until it is acknowledged: their first message is the oldest waiting. */
const WORK_QUEUES: ReadonlySet<string> = new Set(
  Object.values(STREAMS)
    .filter((stream) => stream.retention === RetentionPolicy.Workqueue)
    .map((stream) => stream.name),
);

/**
 * The backlog of `consumer` as its info tells it and, on a work queue, the age of the oldest
 * message still there (the stream info's first_ts). Both reads are ones its part may make
 * (bus/permissions.ts: CONSUMER.INFO of its durable, STREAM.INFO of its streams).
 */
export async function consumerBacklog(
  js: JetStreamClient,
  consumer: Consumer,
  stream: string,
): Promise<ConsumerBacklog> {
  const info = await consumer.info();
  const backlog = { pending: info.num_pending, ackPending: info.num_ack_pending };
  if (!WORK_QUEUES.has(stream)) return backlog;
  // `get` reads the stream info; `info(true)` hands back that reading.
  const { state } = await (await js.streams.get(stream)).info(true);
  const first = Date.parse(state.first_ts);
  const oldestAgeSeconds = state.messages > 0 && Number.isFinite(first) ? Math.max(0, (Date.now() - first) / 1000) : 0;
  return { ...backlog, oldestAgeSeconds };
}
