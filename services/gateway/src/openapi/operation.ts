import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ErrorCode } from '@otp/platform';
import { z } from 'zod';
import { HTTP_STATUS } from '../http/errors.js';
import { ERROR_DESCRIPTIONS } from './errors.js';
import { ERROR_SCHEMA_REF, type Api } from './registry.js';

// One operation of a document: the route file says what is particular to it (its schemas, its
// own error codes, an example), and the parts every operation shares are added here: the codes
// of authentication and the edge, the body errors of methods with a body, the Idempotency-Key
// answers, the headers of 405/429/503. Statuses come from HTTP_STATUS and texts from
// ERROR_DESCRIPTIONS, so a code's status and meaning have one home each.

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type ObjectSchema = z.ZodObject | z.ZodPipe;

export interface OperationSpec {
  /** Also the SDK's method name. */
  operationId: string;
  method: Method;
  /** Relative to the document's server URL (`/verifications`, not `/v1/verifications`). */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  params?: ObjectSchema;
  query?: ObjectSchema;
  /** Request headers particular to the operation (Idempotency-Key comes with `idempotent`). */
  headers?: z.ZodObject;
  /** A required JSON body; `example` must be one the API accepts (a suite sends it). */
  body?: { schema: z.ZodType; example: unknown; description?: string };
  /** Accepts `Idempotency-Key` (every POST of /v1). */
  idempotent?: boolean;
  success: { status: number; description: string; schema?: z.ZodType; example?: unknown; headers?: Headers };
  /** The codes particular to this operation (the shared ones are added). */
  errors: readonly ErrorCode[];
}

type Headers = NonNullable<Extract<ResponseConfig['headers'], Record<string, unknown>>>;

const BODY_ERRORS: readonly ErrorCode[] = [
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_REQUEST_BODY',
];
const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED'];

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before retrying (with the same Idempotency-Key).',
    schema: { type: 'integer' as const, minimum: 0 },
  },
};
/** Headers an error status always carries. */
const STATUS_HEADERS: Partial<Record<number, Headers>> = { 429: retryAfter, 503: retryAfter };

const replayed = {
  'Idempotent-Replayed': {
    description:
      'Present (true) when this answers an earlier request with the same Idempotency-Key: its kept answer, or ' +
      '(after the gateway forgot the key) the resource it created as it is now.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
};

export const idempotencyKeyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x20-\x7e]+$/)
    .optional()
    .openapi({
      description:
        'Makes a retry safe: 1-255 printable ASCII characters, unique per logical request within the project. ' +
        'The key binds the request (method, path, body): the gateway keeps it with its answer at least 24 h, ' +
        'the service that owns what it created as long as it keeps that (RETENTION_DAYS). The same key with the ' +
        'same body returns the first answer (with Idempotent-Replayed: true); with another body 422 ' +
        'IDEMPOTENCY_KEY_REUSED; while the first is running, even if its client hung up, 409 ' +
        'IDEMPOTENCY_KEY_IN_USE. Answers 409, 429 and 5xx are not kept: retry them with the same key.',
      example: '3f9c1d52-7a4e-4b0e-9d61-0c8b2f5e7a19',
    }),
});

/** Every code the operation can answer, shared ones included, in a stable order. */
export function codesOf(api: Api, spec: Pick<OperationSpec, 'method' | 'idempotent' | 'errors'>): ErrorCode[] {
  const codes = new Set<ErrorCode>([...api.everywhere, ...spec.errors]);
  if (spec.method !== 'get' && spec.method !== 'delete') for (const code of BODY_ERRORS) codes.add(code);
  if (spec.idempotent) for (const code of IDEMPOTENCY_ERRORS) codes.add(code);
  return [...codes].sort((a, b) => HTTP_STATUS[a] - HTTP_STATUS[b] || a.localeCompare(b));
}

function errorResponse(status: number, codes: readonly ErrorCode[], kept: boolean): ResponseConfig {
  const headers = { ...STATUS_HEADERS[status], ...(kept ? replayed : {}) };
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join('\n\n'),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: {
      'application/json': {
        schema: ERROR_SCHEMA_REF,
        examples: Object.fromEntries(
          codes.map((code) => [code, { summary: code, value: { error: { code, message: ERROR_DESCRIPTIONS[code] } } }]),
        ),
      },
    },
  };
}

/** The responses of an operation: its success, then one response per error status. */
function responsesOf(api: Api, spec: OperationSpec): RouteConfig['responses'] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codesOf(api, spec)) {
    api.codes.add(code);
    const status = HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const { success } = spec;
  const headers = { ...success.headers, ...(spec.idempotent ? replayed : {}) };
  const responses: RouteConfig['responses'] = {
    [success.status]: {
      description: success.description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(success.schema
        ? {
            content: {
              'application/json': {
                schema: success.schema,
                ...(success.example === undefined ? {} : { example: success.example }),
              },
            },
          }
        : {}),
    },
  };
  // Kept answers (2xx, 4xx but 409 and 429) are replayed with Idempotent-Replayed.
  for (const [status, codes] of byStatus) {
    const kept = spec.idempotent === true && status < 500 && status !== 409 && status !== 429;
    responses[status] = errorResponse(status, codes, kept);
  }
  return responses;
}

export function registerOperation(api: Api, spec: OperationSpec): void {
  api.registry.registerPath({
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    security: [{ [api.security]: [] }],
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.idempotent || spec.headers
        ? { headers: (spec.headers ?? z.object({})).extend(spec.idempotent ? idempotencyKeyHeader.shape : {}) }
        : {}),
      ...(spec.body
        ? {
            body: {
              required: true,
              ...(spec.body.description ? { description: spec.body.description } : {}),
              content: { 'application/json': { schema: spec.body.schema, example: spec.body.example } },
            },
          }
        : {}),
    },
    responses: responsesOf(api, spec),
  });
}
