import type { JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import {
  CALLBACK_URL_MAX_LENGTH,
  callbackUrlFormatProblem,
  ensureConsumer,
  ensureStream,
  runConsumer,
  traceHeaders,
  STREAMS,
  type Bus,
  type Logger,
  type MessageOutcome,
  type RunningConsumer,
} from '@otp/platform';
import { CALLBACK_URL_HEADER, eventEnvelope } from '../domain/event.js';
import type { Deliveries } from '../store/deliveries.js';

export const INTAKE_CONSUMER = 'webhook-dispatcher';

function callbackUrl(message: JsMsg): string | undefined {
  for (const [key] of message.headers ?? []) {
    if (key.toLowerCase() === CALLBACK_URL_HEADER) return message.headers?.get(key) || undefined;
  }
  return undefined;
}

/**
 * The URL as stored and posted to: normalised by WHATWG URL rules (ASCII, punycode host), so the
 * (event, url) index entry stays small. An unusable URL is kept shortened, for the admin list.
 */
function deliveryTarget(raw: string): { url: string; host: string; problem?: string } {
  const problem = callbackUrlFormatProblem(raw);
  if (problem) return { url: raw.slice(0, 256), host: '', problem };
  const url = new URL(raw);
  if (url.href.length > CALLBACK_URL_MAX_LENGTH) {
    return { url: raw.slice(0, 256), host: '', problem: `must be at most ${CALLBACK_URL_MAX_LENGTH} characters` };
  }
  return { url: url.href, host: url.host };
}

/**
 * Turns an event into a stored delivery, then acks. The row is stored first, so a crash before
 * the ack means a redelivery, which the (event, url) unique index absorbs.
 */
export function intakeHandler(deps: { deliveries: Deliveries; logger: Logger; stored: () => void }) {
  return async (message: JsMsg): Promise<MessageOutcome> => {
    const url = callbackUrl(message);
    if (!url) return 'ack'; // no webhook wanted for this event
    let json: unknown;
    try {
      json = message.json();
    } catch {
      json = undefined;
    }
    const parsed = eventEnvelope.safeParse(json);
    if (!parsed.success) {
      deps.logger.warn({ subject: message.subject, seq: message.seq }, 'event is not a valid envelope, dropped');
      return 'drop';
    }
    const event = parsed.data;
    const target = deliveryTarget(url);
    const added = await deps.deliveries.add({
      projectId: event.project_id,
      eventId: event.id,
      eventType: event.type,
      url: target.url,
      host: target.host,
      body: message.string(),
      traceContext: traceHeaders(),
      ...(target.problem ? { refusal: `callback URL ${target.problem}` } : {}),
    });
    if (added && !target.problem) deps.stored();
    return 'ack';
  };
}

export async function startIntake(bus: Bus, deps: Parameters<typeof intakeHandler>[0]): Promise<RunningConsumer> {
  await ensureStream(bus.jsm, STREAMS.events);
  await ensureConsumer(bus.jsm, STREAMS.events.name, {
    durable_name: INTAKE_CONSUMER,
    filter_subject: 'events.>',
    ack_wait: nanos(30_000),
  });
  return runConsumer({
    js: bus.js,
    stream: STREAMS.events.name,
    durable: INTAKE_CONSUMER,
    logger: deps.logger,
    handle: intakeHandler(deps),
  });
}
