import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { errorEnvelopeSchema } from './registry.js';

// What every POST /v1 path documents about Idempotency-Key (README "Idempotency-Key").

export const idempotencyKeyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x20-\x7e]+$/)
    .optional()
    .openapi({
      description:
        'Makes a retry safe: 1-255 printable ASCII characters, unique per request within the project, kept at ' +
        'least 24 h. The same key with the same body returns the first answer (with Idempotent-Replayed: true); ' +
        'with another body 422 IDEMPOTENCY_KEY_REUSED; while the first is running 409 IDEMPOTENCY_KEY_IN_USE. ' +
        'Answers 5xx and 429 are not kept: retry them with the same key.',
      example: 'order-7431-otp',
    }),
});

const replayedHeader = {
  'Idempotent-Replayed': {
    description: 'Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
};

const retryAfterHeader = {
  'Retry-After': {
    description: 'Seconds to wait before retrying (with the same Idempotency-Key).',
    schema: { type: 'integer' as const },
  },
};

function errorResponse(description: string): ResponseConfig {
  return { description, content: { 'application/json': { schema: errorEnvelopeSchema } } };
}

/**
 * A POST path's responses with the idempotency answers added: the replay header on every kept
 * answer, 409 IDEMPOTENCY_KEY_IN_USE, 422 IDEMPOTENCY_KEY_REUSED (and an invalid key), and
 * Retry-After on 503.
 */
export function withIdempotency(responses: Record<number, ResponseConfig>): Record<number, ResponseConfig> {
  const result: Record<number, ResponseConfig> = {};
  for (const [key, response] of Object.entries(responses)) {
    const status = Number(key);
    if (status === 503) result[status] = { ...response, headers: retryAfterHeader };
    else if (status < 500) result[status] = { ...response, headers: replayedHeader };
    else result[status] = response;
  }
  const inUse = 'IDEMPOTENCY_KEY_IN_USE (a request with this Idempotency-Key is still running; retry later)';
  const conflict = result[409];
  result[409] = conflict ? { ...conflict, description: `${conflict.description}, or ${inUse}` } : errorResponse(inUse);
  const reused =
    'IDEMPOTENCY_KEY_REUSED (the key was used with another body), or INVALID_REQUEST_BODY naming Idempotency-Key';
  result[422] = {
    ...errorResponse(result[422] ? `${result[422].description}, ${reused}` : reused),
    headers: replayedHeader,
  };
  result[503] ??= {
    ...errorResponse('SERVICE_UNAVAILABLE (at capacity, or a service is down)'),
    headers: retryAfterHeader,
  };
  return result;
}
