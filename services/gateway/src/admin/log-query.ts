import { DomainError } from '@otp/platform';
import { z } from 'zod';
import { describeIssues } from '../http/validation.js';

// The query of the admin log lists (verifications, SMS messages, messenger codes): the same
// filters and paging for each, read into the `List...Request` every service answers alike.

const day = z.iso.datetime({ offset: true }).or(z.iso.date());

export function logListQuery<S extends readonly [string, ...string[]]>(statuses: S, sidPrefix: string) {
  return z.strictObject({
    status: z.enum(statuses).optional(),
    to: z
      .string()
      .regex(/^\+?\d{1,15}$/, 'digits of the number')
      .optional()
      .openapi({ description: 'The destination number (E.164, the + optional).' }),
    from: day.optional().openapi({ description: 'Created at or after (date or date-time).' }),
    until: day.optional().openapi({ description: 'Created before (date or date-time).' }),
    before: z
      .string()
      .regex(new RegExp(`^${sidPrefix}[a-fA-F0-9]{24}$`))
      .optional()
      .openapi({ description: "The previous page's `next_before`." }),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  });
}

export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new DomainError('INVALID_REQUEST_BODY', describeIssues(parsed.error.issues));
  return parsed.data;
}

/** The list request of a parsed query (the fields every `List...Request` proto message has). */
export function listRequest(
  projectId: string,
  query: { status?: string; to?: string; from?: string; until?: string; before?: string; limit: number },
) {
  return {
    project_id: projectId,
    limit: query.limit,
    ...(query.status ? { status: query.status } : {}),
    ...(query.to ? { to: query.to } : {}),
    ...(query.from ? { created_from: query.from } : {}),
    ...(query.until ? { created_until: query.until } : {}),
    ...(query.before ? { before_sid: query.before } : {}),
  };
}

/** The page of a list: `next_before` is the last sid when the page is full, null on the last one. */
export function logPage<K extends string, R extends { sid: string }>(key: K, rows: R[], limit: number) {
  return { [key]: rows, next_before: rows.length === limit ? (rows.at(-1)?.sid ?? null) : null } as Record<K, R[]> & {
    next_before: string | null;
  };
}
