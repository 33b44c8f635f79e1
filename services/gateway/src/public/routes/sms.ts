import { smsMessageResource } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl, metadata, parseSidParam, phoneNumber, senderId, sidParam } from '../../http/schemas.js';
import { parseBodyAsync } from '../../http/validation.js';
import { EXAMPLE_METADATA, EXAMPLE_PHONE, EXAMPLE_SENDER_ID, exampleSms } from '../../openapi/examples.js';
import { ABUSE_REFUSALS } from '../../openapi/errors.js';
import { registerOperation } from '../../openapi/operation.js';
import { publicApi } from '../../openapi/registry.js';
import { projectOf } from '../auth.js';
import { guardedStart } from '../guard.js';
import { markReplayed, ownerKeyOf } from '../idempotency.js';
import { smsMessageSchema } from '../resources.js';

// POST /v1/messages/sms and GET /v1/messages/sms/{sid} (spec: "SMS message").

const sendSmsBody = z.strictObject({
  to: phoneNumber,
  body: z.string().min(1).max(10240).openapi({ description: 'Message text; billed per segment.' }),
  from: senderId
    .optional()
    .openapi({ description: 'Approved sender ID, matched case-insensitively; defaults to the default sender ID.' }),
  callback: callbackUrl.optional().openapi({
    description: 'Receives webhooks when the SMS is sent or fails; defaults to the SMS default callback.',
  }),
  metadata: metadata.optional(),
});

const tag = 'SMS';

registerOperation(publicApi, {
  operationId: 'sendSms',
  method: 'post',
  path: '/messages/sms',
  tag,
  summary: 'Send an SMS',
  idempotent: true,
  body: {
    schema: sendSmsBody,
    example: {
      to: EXAMPLE_PHONE,
      body: 'Your order A-17 has shipped.',
      from: EXAMPLE_SENDER_ID,
      metadata: EXAMPLE_METADATA,
    },
  },
  success: { status: 201, description: 'Queued', schema: smsMessageSchema, example: exampleSms },
  errors: [
    'INSUFFICIENT_BALANCE',
    'CHANNEL_DISABLED',
    'SENDER_ID_REQUIRED',
    'SENDER_ID_NOT_APPROVED',
    'DESTINATION_NOT_PRICED',
    'QUEUE_UNAVAILABLE',
    ...ABUSE_REFUSALS,
  ],
});

registerOperation(publicApi, {
  operationId: 'getSms',
  method: 'get',
  path: '/messages/sms/{sid}',
  tag,
  summary: 'Get an SMS',
  description: 'The message with its latest status.',
  params: z.object({ sid: sidParam('SM') }),
  success: {
    status: 200,
    description: 'The message',
    schema: smsMessageSchema,
    example: { ...exampleSms, status: 'sent', processed_at: '2026-11-21T10:15:01.250Z' },
  },
  errors: ['INVALID_MESSAGE_SID', 'MESSAGE_NOT_FOUND'],
});

export function smsRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/messages/sms', async (req, res) => {
    const input = await parseBodyAsync(sendSmsBody, req.body);
    const message = await guardedStart(deps, req, { kind: 'sms', to: input.to }, () =>
      deps.peers.sms.Send({
        project_id: projectOf(req),
        to: input.to,
        body: input.body,
        ...(input.from === undefined ? {} : { from: input.from }),
        ...(input.callback === undefined ? {} : { callback: input.callback }),
        metadata_json: JSON.stringify(input.metadata ?? {}),
        purpose: 'direct',
        ...ownerKeyOf(req),
      }),
    );
    markReplayed(res, message.replayed);
    res.status(201).json(smsMessageResource(message));
  });

  router.get('/messages/sms/:sid', async (req, res) => {
    const sid = parseSidParam('SM', req.params.sid);
    const message = await deps.peers.sms.Get({ project_id: projectOf(req), sid });
    res.json(smsMessageResource(message));
  });

  return router;
}
