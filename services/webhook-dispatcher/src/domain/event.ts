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
