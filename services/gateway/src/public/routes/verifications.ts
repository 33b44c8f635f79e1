import { verificationResource } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl, metadata, parseSidParam, phoneNumber, sidParam } from '../../http/schemas.js';
import { parseBody, parseBodyAsync } from '../../http/validation.js';
import { idempotencyKeyHeader, withIdempotency } from '../../openapi/idempotency.js';
import { commonErrorResponses, errorResponses, registry } from '../../openapi/registry.js';
import { projectOf } from '../auth.js';
import { requestKeyOf } from '../idempotency.js';

// POST /v1/verifications, GET /v1/verifications/{sid}, POST /v1/verifications/{sid}/check
// (spec: "Verification"). The verify service runs the state machine; this file validates and maps.

const startBody = z.strictObject({
  to: phoneNumber,
  metadata: metadata.optional(),
  callback: callbackUrl.optional().openapi({ description: 'Receives one webhook when the verification finishes.' }),
});

const checkBody = z.strictObject({
  code: z
    .string()
    .regex(/^\d{4,8}$/, 'must be 4-8 digits')
    .openapi({ description: 'The code the user entered.' }),
});

const money = z.string().regex(/^\d+\.\d{2}$/);

const attemptSchema = registry.register(
  'Attempt',
  z.object({
    channel: z.enum(['messenger', 'sms']),
    sid: z.string().openapi({ description: 'TG... for messenger, SM... for SMS.' }),
    status: z.string().openapi({ description: 'Delivery status of that message.' }),
    cost: money,
    date_created: z.iso.datetime(),
  }),
);

const verificationFields = {
  sid: z.string().regex(/^VE[a-f0-9]{24}$/),
  status: z.enum(['pending', 'approved', 'expired', 'failed']),
  to: z.string().openapi({ example: '+447700900123' }),
  channel: z.enum(['messenger', 'sms']).openapi({ description: 'Channel the code was last sent on.' }),
  fallback_reason: z.enum(['messenger_failed', 'timeout']).nullable(),
  attempts: z.array(attemptSchema).openapi({ description: 'Every send of the code, oldest first.' }),
  checks_left: z.number().int().openapi({ description: 'Wrong codes still allowed before the verification fails.' }),
  fee: money.openapi({ description: 'The Verify fee.' }),
  cost: money.openapi({ description: 'Fee plus the current cost of the sends; refunded ones count 0.00.' }),
  date_created: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  approved_at: z.iso.datetime().nullable(),
  metadata,
  last_error: z.string().optional().openapi({ description: 'Present only when status is failed.' }),
};

const verificationSchema = registry.register('Verification', z.object(verificationFields));
const checkResultSchema = registry.register(
  'VerificationCheck',
  z.object({
    ...verificationFields,
    valid: z.boolean().openapi({ description: 'true when the code matched and status is now approved.' }),
  }),
);

const sidParams = z.object({ sid: sidParam('VE') });

registry.registerPath({
  method: 'post',
  path: '/v1/verifications',
  summary: 'Start a verification',
  request: { headers: idempotencyKeyHeader, body: { content: { 'application/json': { schema: startBody } } } },
  responses: withIdempotency({
    201: {
      description: 'Started; the code is on its way',
      content: { 'application/json': { schema: verificationSchema } },
    },
    ...errorResponses({
      400: 'INVALID_JSON',
      402: 'INSUFFICIENT_BALANCE (the balance does not cover the 0.02 fee plus the first send)',
      403: 'VERIFY_DISABLED (Verify is turned off for the project) or IP_NOT_ALLOWED',
      422: 'INVALID_REQUEST_BODY, SENDER_ID_REQUIRED, or DESTINATION_NOT_PRICED',
      503: 'QUEUE_UNAVAILABLE (no send could be queued; nothing charged) or SERVICE_UNAVAILABLE',
    }),
    401: commonErrorResponses[401]!,
  }),
});

registry.registerPath({
  method: 'get',
  path: '/v1/verifications/{sid}',
  summary: 'A verification with every attempt (reading falls back to SMS when due and expires it when past expires_at)',
  request: { params: sidParams },
  responses: {
    200: { description: 'The verification', content: { 'application/json': { schema: verificationSchema } } },
    ...errorResponses({ 400: 'INVALID_MESSAGE_SID', 404: 'VERIFICATION_NOT_FOUND' }),
    ...commonErrorResponses,
  },
});

registry.registerPath({
  method: 'post',
  path: '/v1/verifications/{sid}/check',
  summary: 'Check the code the user entered (a wrong code is still 200, with valid false)',
  request: {
    headers: idempotencyKeyHeader,
    params: sidParams,
    body: { content: { 'application/json': { schema: checkBody } } },
  },
  responses: withIdempotency({
    200: {
      description: 'The verification and whether the code matched',
      content: { 'application/json': { schema: checkResultSchema } },
    },
    ...errorResponses({
      400: 'INVALID_MESSAGE_SID or INVALID_JSON',
      404: 'VERIFICATION_NOT_FOUND',
      409: 'VERIFICATION_NOT_PENDING (approved, expired or failed: start a new one)',
      422: 'INVALID_REQUEST_BODY',
    }),
    ...commonErrorResponses,
  }),
});

export function verificationRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/verifications', async (req, res) => {
    const input = await parseBodyAsync(startBody, req.body);
    const verification = await deps.peers.verify.Start({
      project_id: projectOf(req),
      to: input.to,
      ...(input.callback === undefined ? {} : { callback: input.callback }),
      metadata_json: JSON.stringify(input.metadata ?? {}),
      request_key: requestKeyOf(req),
    });
    res.status(201).json(verificationResource(verification));
  });

  router.get('/verifications/:sid', async (req, res) => {
    const sid = parseSidParam('VE', req.params.sid);
    const verification = await deps.peers.verify.Get({ project_id: projectOf(req), sid });
    res.json(verificationResource(verification));
  });

  router.post('/verifications/:sid/check', async (req, res) => {
    const sid = parseSidParam('VE', req.params.sid);
    const input = parseBody(checkBody, req.body);
    const result = await deps.peers.verify.Check({ project_id: projectOf(req), sid, code: input.code });
    if (!result.verification) throw new Error('Verify.Check answered without the verification');
    res.json({ ...verificationResource(result.verification), valid: result.valid });
  });

  return router;
}
