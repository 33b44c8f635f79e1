import { z } from 'zod';

/** The event envelope producers publish (docs/webhooks.md): the webhook body is this JSON, unchanged. */
export const eventEnvelope = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  created_at: z.string(),
  project_id: z.string().min(1).max(200),
  data: z.unknown(),
});

export type Event = z.infer<typeof eventEnvelope>;

/**
 * How long a later event of one resource waits for an earlier one's delivery to end before it goes
 * anyway: an endpoint that fails one event must not hold the resource's next ones back for a day.
 */
export const RESOURCE_ORDER_WAIT_MS = 2 * 60 * 1000;

/** The resource an event is about (its `data.sid`): its deliveries to one URL go in stream order. */
export function resourceOf(event: Event): string | null {
  const data = event.data as { sid?: unknown } | null;
  return data && typeof data === 'object' && typeof data.sid === 'string' ? data.sid : null;
}
