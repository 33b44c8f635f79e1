import { extendZodWithOpenApi, OpenAPIRegistry, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { ERROR_CODES } from '@otp/platform';
import { z } from 'zod';

// `.openapi(...)` on zod schemas; must run before any schema uses it, hence here where every
// route file that registers paths already imports from.
extendZodWithOpenApi(z);

/**
 * Every route file registers its paths and schemas here at import time; GET /v1/openapi.json is
 * generated from it, so the document is built from the same zod schemas that validate requests.
 */
export const registry = new OpenAPIRegistry();

export const bearerAuth = registry.registerComponent('securitySchemes', 'bearerAuth', {
  type: 'http',
  scheme: 'bearer',
  description: 'A project API key (`otp_live_...`).',
});

export const errorEnvelopeSchema = registry.register(
  'Error',
  z
    .object({
      error: z.object({
        code: z.enum(ERROR_CODES).openapi({ description: 'Stable, machine-readable; branch on it.' }),
        message: z.string().openapi({ description: 'Human-readable; wording can change.' }),
      }),
    })
    .openapi({ description: 'The error envelope of every failed request.' }),
);

/** The `responses` entries for the errors a path can answer, e.g. errorResponses({ 404: 'No such verification' }). */
export function errorResponses(descriptions: Record<number, string>) {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, description]) => [
      status,
      { description, content: { 'application/json': { schema: errorEnvelopeSchema } } },
    ]),
  );
}

/** Errors every authenticated /v1 path can answer. */
export const commonErrorResponses: Record<number, ResponseConfig> = {
  ...errorResponses({
    401: 'MISSING_API_KEY or INVALID_API_KEY',
    403: 'IP_NOT_ALLOWED',
  }),
  503: {
    description: 'SERVICE_UNAVAILABLE (at capacity, or a service is down; retry after Retry-After seconds)',
    headers: {
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' as const } },
    },
    content: { 'application/json': { schema: errorEnvelopeSchema } },
  },
};
