import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { context, propagation, ROOT_CONTEXT, trace, SpanKind, type Context } from '@opentelemetry/api';
import type { Logger } from '../logging.js';
import { observeConsumer, recordStuckMessage } from '../telemetry/metrics.js';
import { busConnectOptions, type BusAccess } from './access.js';
import { consumerBacklog } from './consumer-backlog.js';

export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  close(): Promise<void>;
}

/** Connects as `access`'s user (`name`, a part, is also whose inbox prefix the replies use). */
export async function connectBus(access: BusAccess, name: string, logger: Logger): Promise<Bus> {
  const nc = await connect({
    ...busConnectOptions(access, name),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // On (the default), every request and JetStream publish builds an Error up front only to
    // carry its stack into a later timeout: a stack capture per message on the hot path.
    noAsyncTraces: true,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect')
        logger.warn({ nats: status.type }, 'nats connection');
      // A permission violation (a subject outside this part's row of bus/permissions.ts) is only reported here.
      else if (status.type === 'error') logger.error({ err: status.error }, 'nats refused an operation');
    }
  })();
  const jsm = await jetstreamManager(nc);
  return { nc, js: jetstream(nc), jsm, close: () => nc.drain() };
}

/** Adds the stream, or updates it to this config when it exists. */
export async function ensureStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
): Promise<void> {
  try {
    await jsm.streams.info(config.name);
    await jsm.streams.update(config.name, config);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.streams.add(config);
  }
}

export async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Partial<ConsumerConfig> & { durable_name: string },
): Promise<void> {
  const full: Partial<ConsumerConfig> = {
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ...config,
  };
  try {
    await jsm.consumers.info(stream, config.durable_name);
    await jsm.consumers.update(stream, config.durable_name, full);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.consumers.add(stream, full);
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && /not found/i.test(error.message);
}

/** W3C trace context of the active span, as NATS headers. */
export function traceHeaders(from: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier;
}

/** Publishes with `Nats-Msg-Id` so JetStream drops a repeat inside the stream's dedup window. */
export async function publish(
  js: JetStreamClient,
  subject: string,
  payload: Uint8Array | string,
  options: { msgId: string; headers?: Record<string, string>; timeoutMs?: number },
): Promise<void> {
  const h = natsHeaders();
  for (const [key, value] of Object.entries(options.headers ?? traceHeaders())) h.set(key, value);
  await js.publish(subject, payload, { msgID: options.msgId, headers: h, timeout: options.timeoutMs ?? 5000 });
}

/** Failed deliveries of one message before runConsumer's dead-letter alarm, unless a consumer says. */
const DEFAULT_ALARM_AFTER = 30;

/** `{ retryAfterMs }`: redeliver after that delay, when the handler knows better than `retryDelayMs`. */
export type MessageOutcome = 'ack' | 'retry' | 'drop' | { retryAfterMs: number };

export interface RunningConsumer {
  /** Stops pulling, waits for the messages in hand to finish. */
  stop(): Promise<void>;
}

/**
 * The wait before delivery number `deliveryCount` + 1 of a message that failed: 100 ms, doubling
 * up to `maxMs`. Redelivery never stops (consumers are created with max_deliver -1): an event that
 * carries money or state is never given up on, only alarmed about (runConsumer).
 */
export function redeliveryDelayMs(deliveryCount: number, maxMs: number): number {
  return Math.min(maxMs, 100 * 2 ** Math.min(20, Math.max(0, deliveryCount - 1)));
}

/** The redelivery a consumer of events that carry money or state uses (its service's config). */
export interface Redelivery {
  /** Longest wait between two deliveries of one failing message (CONSUMER_RETRY_MAX_MS). */
  retryMaxMs: number;
  /** Failed deliveries of one message after which it is alarmed about (CONSUMER_ALARM_DELIVERIES). */
  alarmAfter: number;
}

/**
 * Pulls from a durable consumer and runs `handle` for each message, at most `maxInFlight` at once.
 * A thrown error or 'retry' naks the message (redelivered after `retryDelayMs(attempt)`);
 * 'drop' terminates it (a poison message). Handlers must be idempotent: redelivery is normal.
 *
 * The dead-letter alarm: a message that failed `alarmAfter` deliveries (and every `alarmAfter`
 * more) is logged as an error and counted in `jetstream_messages_stuck_total`; it is still
 * delivered again. A handler that keeps failing (its database down, a peer away) is an outage to
 * see, never a message silently lost.
 *
 * A message still being handled is never handed out again: every `workingEveryMs` (set it well
 * below the consumer's ack wait) the consumer tells JetStream it is in progress, and a copy of a
 * message this process is already handling (a redelivery that was waiting in the pull buffer) is
 * left alone. Otherwise a slow handler (a carrier taking its time) would run twice at once, and a
 * handler with a side effect (a carrier submit) would do it twice.
 */
export async function runConsumer(options: {
  js: JetStreamClient;
  stream: string;
  durable: string;
  logger: Logger;
  maxInFlight?: number;
  retryDelayMs?: (deliveryCount: number) => number;
  /** Failed deliveries of one message before the dead-letter alarm (default 30). */
  alarmAfter?: number;
  workingEveryMs?: number;
  handle: (message: JsMsg) => Promise<MessageOutcome>;
}): Promise<RunningConsumer> {
  const consumer = await options.js.consumers.get(options.stream, options.durable);
  // Its backlog on the metrics endpoint (read only when the metrics are collected).
  observeConsumer(options.stream, options.durable, () => consumerBacklog(options.js, consumer, options.stream));
  const maxInFlight = options.maxInFlight ?? 16;
  const retryDelay = options.retryDelayMs ?? ((count: number) => Math.min(30_000, 250 * 2 ** (count - 1)));
  const alarmAfter = options.alarmAfter ?? DEFAULT_ALARM_AFTER;
  /** A failed delivery: redelivered after its wait, and alarmed about every `alarmAfter` failures. */
  const failed = (message: JsMsg, error?: unknown): void => {
    const delivery = message.info.deliveryCount;
    if (delivery % alarmAfter === 0) {
      if (delivery === alarmAfter) recordStuckMessage(options.stream, options.durable);
      options.logger.error(
        { err: error, subject: message.subject, stream_seq: message.seq, delivery, consumer: options.durable },
        `message not handled after ${delivery} deliveries; still redelivered (dead-letter alarm)`,
      );
    } else if (error !== undefined) {
      options.logger.warn({ err: error, subject: message.subject, delivery }, 'message failed, will retry');
    }
    message.nak(retryDelay(delivery));
  };
  const messages = await consumer.consume({ max_messages: maxInFlight });
  const inFlight = new Set<Promise<void>>();
  const handling = new Set<number>();
  const tracer = trace.getTracer('@otp/platform');

  const process = async (message: JsMsg): Promise<void> => {
    // A redelivered copy of a message in hand: the copy in hand answers for both.
    if (handling.has(message.seq)) return;
    handling.add(message.seq);
    const heartbeat = options.workingEveryMs ? setInterval(() => message.working(), options.workingEveryMs) : undefined;
    const carrier: Record<string, string> = {};
    for (const [key] of message.headers ?? []) carrier[key.toLowerCase()] = message.headers?.get(key) ?? '';
    const parent = propagation.extract(ROOT_CONTEXT, carrier);
    const publisher = trace.getSpanContext(parent);
    // Child of the publisher (one connected trace) and linked to it, as messaging conventions ask.
    const span = tracer.startSpan(
      `${message.subject} process`,
      { kind: SpanKind.CONSUMER, links: publisher ? [{ context: publisher }] : [] },
      parent,
    );
    // An unsampled message (most of them at the production ratio) builds no attributes.
    if (span.isRecording()) {
      span.setAttributes({ 'messaging.system': 'nats', 'messaging.destination.name': message.subject });
    }
    try {
      const outcome = await context.with(trace.setSpan(parent, span), () => options.handle(message));
      if (outcome === 'ack') message.ack();
      else if (outcome === 'drop') message.term();
      else if (typeof outcome === 'object') message.nak(outcome.retryAfterMs);
      else failed(message);
    } catch (error) {
      failed(message, error);
    } finally {
      clearInterval(heartbeat);
      handling.delete(message.seq);
      span.end();
    }
  };

  const loop = (async () => {
    for await (const message of messages) {
      const task = process(message).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    }
  })();

  return {
    async stop() {
      await messages.close();
      await loop.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    },
  };
}
