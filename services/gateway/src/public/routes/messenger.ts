import { messengerCodeResource } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl, metadata, parseSidParam, phoneNumber, sidParam } from '../../http/schemas.js';
import { parseBody, parseBodyAsync } from '../../http/validation.js';
import { idempotencyKeyHeader, withIdempotency } from '../../openapi/idempotency.js';
import { commonErrorResponses, errorResponses, registry } from '../../openapi/registry.js';
import { projectOf } from '../auth.js';
import { requestKeyOf } from '../idempotency.js';

// POST /v1/messages/messenger, GET /v1/messages/messenger/{sid} and
// POST /v1/messages/messenger/{sid}/verify (spec: "Messenger code message").

const codeDigits = z.string().regex(/^\d{4,8}$/, 'must be 4-8 digits');

const sendCodeBody = z.strictObject({
  to: phoneNumber,
  code: codeDigits.optional().openapi({ description: 'Own code; omitted means the messenger generates one.' }),
  metadata: metadata.optional(),
  callback: callbackUrl.optional().openapi({
    description: 'Receives a webhook on every delivery status change; defaults to the messenger default callback.',
  }),
});

const verifyCodeBody = z.strictObject({ code: codeDigits.openapi({ description: 'The code the user entered.' }) });

const CODE_STATUSES = ['sending', 'sent', 'delivered', 'read', 'expired', 'revoked', 'failed'] as const;

export const messengerCodeSchema = registry.register(
  'MessengerCode',
  z.object({
    sid: z.string().regex(/^TG[a-f0-9]{24}$/),
    status: z.enum(CODE_STATUSES),
    to: z.string().openapi({ example: '+447700900123' }),
    expires_at: z.iso.datetime().openapi({ description: 'When the code expires.' }),
    cost: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .openapi({ description: 'Flat 0.02 when charged; 0.00 after a refund.' }),
    metadata,
    date_created: z.iso.datetime(),
    delivered_at: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'When the code reached the device; null until then.' }),
    last_error: z.string().optional().openapi({ description: 'Reason, present only when status is failed.' }),
  }),
);

const verifyResultSchema = registry.register(
  'MessengerCodeCheck',
  z.object({
    valid: z.boolean(),
    verification_status: z.enum(['code_valid', 'code_invalid', 'code_max_attempts_exceeded', 'expired']),
    message: messengerCodeSchema,
  }),
);

registry.registerPath({
  method: 'post',
  path: '/v1/messages/messenger',
  summary: 'Send a messenger code',
  request: { headers: idempotencyKeyHeader, body: { content: { 'application/json': { schema: sendCodeBody } } } },
  responses: withIdempotency({
    201: { description: 'Sent (charged 0.02)', content: { 'application/json': { schema: messengerCodeSchema } } },
    ...errorResponses({
      400: 'INVALID_JSON',
      402: 'INSUFFICIENT_BALANCE',
      403: 'CHANNEL_DISABLED or IP_NOT_ALLOWED',
      422: 'INVALID_REQUEST_BODY, or MESSENGER_REJECTED (no account for the number, or refused; not charged)',
      503: 'SERVICE_UNAVAILABLE (the messenger provider did not answer; not charged)',
    }),
    401: commonErrorResponses[401]!,
  }),
});

registry.registerPath({
  method: 'get',
  path: '/v1/messages/messenger/{sid}',
  summary: 'A messenger code with its latest status (runs the undelivered-code check and refund)',
  request: { params: z.object({ sid: sidParam('TG') }) },
  responses: {
    200: { description: 'The code message', content: { 'application/json': { schema: messengerCodeSchema } } },
    ...errorResponses({ 400: 'INVALID_MESSAGE_SID', 404: 'MESSAGE_NOT_FOUND' }),
    ...commonErrorResponses,
  },
});

registry.registerPath({
  method: 'post',
  path: '/v1/messages/messenger/{sid}/verify',
  summary: 'Check the code the user entered',
  request: {
    headers: idempotencyKeyHeader,
    params: z.object({ sid: sidParam('TG') }),
    body: { content: { 'application/json': { schema: verifyCodeBody } } },
  },
  responses: withIdempotency({
    200: {
      description: 'The result; a wrong code is still 200',
      content: { 'application/json': { schema: verifyResultSchema } },
    },
    ...errorResponses({
      400: 'INVALID_MESSAGE_SID or INVALID_JSON',
      404: 'MESSAGE_NOT_FOUND',
      422: 'INVALID_REQUEST_BODY',
    }),
    ...commonErrorResponses,
  }),
});

export function messengerRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/messages/messenger', async (req, res) => {
    const input = await parseBodyAsync(sendCodeBody, req.body);
    const message = await deps.peers.messenger.Send({
      project_id: projectOf(req),
      to: input.to,
      ...(input.code === undefined ? {} : { code: input.code }),
      ...(input.callback === undefined ? {} : { callback: input.callback }),
      metadata_json: JSON.stringify(input.metadata ?? {}),
      purpose: 'direct',
      request_key: requestKeyOf(req),
    });
    res.status(201).json(messengerCodeResource(message));
  });

  router.get('/messages/messenger/:sid', async (req, res) => {
    const sid = parseSidParam('TG', req.params.sid);
    const message = await deps.peers.messenger.Get({ project_id: projectOf(req), sid });
    res.json(messengerCodeResource(message));
  });

  router.post('/messages/messenger/:sid/verify', async (req, res) => {
    const sid = parseSidParam('TG', req.params.sid);
    const input = parseBody(verifyCodeBody, req.body);
    const result = await deps.peers.messenger.VerifyCode({ project_id: projectOf(req), sid, code: input.code });
    res.json({
      valid: result.valid,
      verification_status: result.verification_status,
      ...(result.message ? { message: messengerCodeResource(result.message) } : {}),
    });
  });

  return router;
}
