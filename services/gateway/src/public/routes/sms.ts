import { smsMessageResource } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl, metadata, parseSidParam, phoneNumber, sidParam } from '../../http/schemas.js';
import { parseBodyAsync } from '../../http/validation.js';
import { idempotencyKeyHeader, withIdempotency } from '../../openapi/idempotency.js';
import { commonErrorResponses, errorResponses, registry } from '../../openapi/registry.js';
import { projectOf } from '../auth.js';
import { requestKeyOf } from '../idempotency.js';

// POST /v1/messages/sms and GET /v1/messages/sms/{sid} (spec: "SMS message").

const sendSmsBody = z.strictObject({
  to: phoneNumber,
  body: z.string().min(1).max(10240),
  from: z
    .string()
    .regex(/^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/, '3-11 letters and digits, at least one letter')
    .optional()
    .openapi({ description: 'Approved sender ID, matched case-insensitively; defaults to the default sender ID.' }),
  callback: callbackUrl.optional(),
  metadata: metadata.optional(),
});

export const smsMessageSchema = registry.register(
  'SmsMessage',
  z.object({
    sid: z.string().regex(/^SM[a-f0-9]{24}$/),
    status: z.enum(['queued', 'processing', 'sent', 'failed', 'enqueue_failed']),
    to: z.string().openapi({ example: '+447700900123' }),
    from: z.string().openapi({ description: 'Sender ID, in the casing it was registered with.' }),
    body: z.string(),
    sms_segments: z.number().int().positive(),
    cost: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .openapi({ description: 'Per-segment price times sms_segments.' }),
    metadata,
    date_created: z.iso.datetime(),
    processed_at: z.iso.datetime().nullable(),
    last_error: z
      .string()
      .optional()
      .openapi({ description: 'Latest delivery error; present only when there is one.' }),
  }),
);

registry.registerPath({
  method: 'post',
  path: '/v1/messages/sms',
  summary: 'Send an SMS',
  request: { headers: idempotencyKeyHeader, body: { content: { 'application/json': { schema: sendSmsBody } } } },
  responses: withIdempotency({
    201: { description: 'Queued', content: { 'application/json': { schema: smsMessageSchema } } },
    ...errorResponses({
      400: 'INVALID_JSON',
      402: 'INSUFFICIENT_BALANCE',
      403: 'CHANNEL_DISABLED or IP_NOT_ALLOWED',
      422: 'INVALID_REQUEST_BODY, SENDER_ID_REQUIRED, SENDER_ID_NOT_APPROVED or DESTINATION_NOT_PRICED',
      503: 'QUEUE_UNAVAILABLE (the message is saved as enqueue_failed; send again)',
    }),
    401: commonErrorResponses[401]!,
  }),
});

registry.registerPath({
  method: 'get',
  path: '/v1/messages/sms/{sid}',
  summary: 'An SMS message with its latest status',
  request: { params: z.object({ sid: sidParam('SM') }) },
  responses: {
    200: { description: 'The message', content: { 'application/json': { schema: smsMessageSchema } } },
    ...errorResponses({ 400: 'INVALID_MESSAGE_SID', 404: 'MESSAGE_NOT_FOUND' }),
    ...commonErrorResponses,
  },
});

export function smsRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/messages/sms', async (req, res) => {
    const input = await parseBodyAsync(sendSmsBody, req.body);
    const message = await deps.peers.sms.Send({
      project_id: projectOf(req),
      to: input.to,
      body: input.body,
      ...(input.from === undefined ? {} : { from: input.from }),
      ...(input.callback === undefined ? {} : { callback: input.callback }),
      metadata_json: JSON.stringify(input.metadata ?? {}),
      purpose: 'direct',
      request_key: requestKeyOf(req),
    });
    res.status(201).json(smsMessageResource(message));
  });

  router.get('/messages/sms/:sid', async (req, res) => {
    const sid = parseSidParam('SM', req.params.sid);
    const message = await deps.peers.sms.Get({ project_id: projectOf(req), sid });
    res.json(smsMessageResource(message));
  });

  return router;
}
