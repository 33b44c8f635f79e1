import type { JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import {
  CALLBACK_URL_HEADER,
  CALLBACK_URL_MAX_LENGTH,
  callbackUrlFormatProblem,
  CONSUMERS,
  ensureConsumer,
  eventFromOwner,
  recordRefusedEvent,
  runConsumer,
  traceHeaders,
  STREAMS,
  type Bus,
  type Logger,
  type MessageOutcome,
  type RunningConsumer,
} from '@otp/platform';
import { eventEnvelope, resourceOf } from '../domain/event.js';
import type { Deliveries } from '../store/deliveries.js';

/** Its durable consumer, as the NATS permission table (bus/permissions.ts) grants it. */
export const INTAKE_CONSUMER = CONSUMERS.webhookIntake.durable;

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
 *
 * Where and for whom to post come from the event's owner only: an event is taken only on a subject
 * that the owner of its type alone may publish (eventFromOwner, by the NATS permission table), so
 * its project (the envelope) and its target (the header) are the owner's stored data. Any other is
 * acknowledged and dropped, never posted: no redelivery could make it the owner's.
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
    if (!eventFromOwner(message.subject, event.type)) {
      deps.logger.warn(
        { subject: message.subject, type: event.type, seq: message.seq },
        'event type not published by its owner on this subject, dropped',
      );
      recordRefusedEvent('not_owner');
      return 'ack';
    }
    const target = deliveryTarget(url);
    const added = await deps.deliveries.add({
      projectId: event.project_id,
      eventId: event.id,
      eventType: event.type,
      url: target.url,
      host: target.host,
      body: message.string(),
      traceContext: traceHeaders(),
      resourceSid: resourceOf(event),
      eventSeq: message.seq,
      ...(target.problem ? { refusal: `callback URL ${target.problem}` } : {}),
    });
    if (added && !target.problem) deps.stored();
    return 'ack';
  };
}

export async function startIntake(bus: Bus, deps: Parameters<typeof intakeHandler>[0]): Promise<RunningConsumer> {
  await ensureConsumer(bus.jsm, STREAMS.events.name, {
    durable_name: INTAKE_CONSUMER,
    filter_subject: CONSUMERS.webhookIntake.filter,
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
