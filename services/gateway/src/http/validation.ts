import { DomainError } from '@otp/platform';
import { z } from 'zod';

/** "to: invalid phone number; metadata.plan: too long" - the spec's `field: reason` list. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys')
        return issue.keys.map((key) => `${[...issue.path, key].join('.')}: unknown field`).join('; ');
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Validates a request body against a route's zod schema. A missing body counts as `{}` so the
 * message names the missing fields rather than complaining about the body as a whole. Only for
 * schemas without async refinements; a schema holding `callbackUrl` needs parseBodyAsync.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(body ?? {});
  } catch (error) {
    // A programming mistake, not a client one: name the fix instead of zod's generic message.
    if (error instanceof z.core.$ZodAsyncError)
      throw new Error('schema has async checks (callbackUrl): use parseBodyAsync');
    throw error;
  }
  if (result.success) return result.data;
  throw new DomainError('INVALID_REQUEST_BODY', describeIssues(result.error.issues));
}

/** parseBody for schemas with async refinements (callbackUrl resolves the host's addresses). */
export async function parseBodyAsync<S extends z.ZodType>(schema: S, body: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(body ?? {});
  if (result.success) return result.data;
  throw new DomainError('INVALID_REQUEST_BODY', describeIssues(result.error.issues));
}
