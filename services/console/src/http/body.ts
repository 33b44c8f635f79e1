import type { z } from 'zod';
import { ConsoleError } from './errors.js';

/** A request body checked against its schema; the message names each bad field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  throw new ConsoleError('INVALID_REQUEST_BODY', message);
}
