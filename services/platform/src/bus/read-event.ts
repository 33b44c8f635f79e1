import type { JsMsg } from '@nats-io/jetstream';
import type { z } from 'zod';
import type { EventEnvelope } from '../outbox.js';

/**
 * An event as a consumer reads it: the envelope, and its `data` checked against the fields the
 * consumer needs. Undefined when either is malformed: no redelivery could mend it, so the
 * consumer drops it.
 */
export function readEvent<T>(message: JsMsg, data: z.ZodType<T>): { envelope: EventEnvelope; data: T } | undefined {
  let envelope: EventEnvelope;
  try {
    envelope = message.json<EventEnvelope>();
  } catch {
    return undefined;
  }
  const parsed = data.safeParse(envelope.data);
  return parsed.success ? { envelope, data: parsed.data } : undefined;
}
