import { extendZodWithOpenApi, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { ErrorCode } from '@otp/platform';
import { z } from 'zod';

// `.openapi(...)` on zod schemas; must run before any schema uses it, hence here where every
// route file that registers operations already imports from.
extendZodWithOpenApi(z);

/**
 * One HTTP API's document in the making. Route files register their operations, schemas and
 * webhooks at import time (registerOperation); openApiDocument() generates the document from it,
 * so the document is built from the same zod schemas that validate requests.
 */
export interface Api {
  registry: OpenAPIRegistry;
  /** The name of its bearer security scheme. */
  security: string;
  /** Codes every operation of this API can answer (authentication and the edge). */
  everywhere: readonly ErrorCode[];
  /** Every code some operation answers: the Error schema's `code` enum. */
  codes: Set<ErrorCode>;
}

function newApi(security: string, description: string, everywhere: readonly ErrorCode[]): Api {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', security, { type: 'http', scheme: 'bearer', description });
  return { registry, security, everywhere, codes: new Set(everywhere) };
}

/** `/v1`: authenticated by a project API key, behind admission control. */
export const publicApi = newApi('bearerAuth', 'A project API key (`otp_live_...`).', [
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'IP_NOT_ALLOWED',
  'INVALID_PATH',
  'INVALID_ARGUMENT',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
]);

/** `/admin/v1`: authenticated by ADMIN_TOKEN. */
export const adminApi = newApi('adminToken', "The deployment's ADMIN_TOKEN (`dev-admin-token` in local runs).", [
  'INVALID_ADMIN_TOKEN',
  'INVALID_PATH',
  'INVALID_ARGUMENT',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
]);

/** The error envelope's JSON Schema reference (the schema itself is added when the document is built). */
export const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/Error' } as const;
