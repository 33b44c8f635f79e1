import { messengerCodeResource } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl, metadata, parseSidParam, phoneNumber, sidParam, signals } from '../../http/schemas.js';
import { parseBody, parseBodyAsync } from '../../http/validation.js';
import { EXAMPLE_METADATA, EXAMPLE_PHONE, exampleMessengerCode } from '../../openapi/examples.js';
import { ABUSE_REFUSALS } from '../../openapi/errors.js';
import { registerOperation } from '../../openapi/operation.js';
import { publicApi } from '../../openapi/registry.js';
import { projectOf } from '../auth.js';
import { guardedStart } from '../guard.js';
import { markReplayed, ownerKeyOf } from '../idempotency.js';
import { messengerCodeSchema } from '../resources.js';

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
  signals: signals.optional(),
});

const verifyCodeBody = z.strictObject({ code: codeDigits.openapi({ description: 'The code the user entered.' }) });

const verifyResultSchema = publicApi.registry.register(
  'MessengerCodeCheck',
  z.object({
    valid: z.boolean().openapi({ description: 'true when the code is correct.' }),
    verification_status: z.enum(['code_valid', 'code_invalid', 'code_max_attempts_exceeded', 'expired']).openapi({
      description:
        'code_valid: correct; code_invalid: wrong, retry allowed; code_max_attempts_exceeded: too many wrong ' +
        'codes, send a new one; expired: send a new one.',
    }),
    message: messengerCodeSchema.optional().openapi({ description: 'The code message after the check.' }),
  }),
);

const sidParams = z.object({ sid: sidParam('TG') });
const tag = 'Messenger codes';

registerOperation(publicApi, {
  operationId: 'sendMessengerCode',
  method: 'post',
  path: '/messages/messenger',
  tag,
  summary: 'Send a messenger code',
  description: 'Sends a one-time code to the messenger account of the number (flat 0.02, refunded if undelivered).',
  idempotent: true,
  body: { schema: sendCodeBody, example: { to: EXAMPLE_PHONE, code: '482915', metadata: EXAMPLE_METADATA } },
  success: {
    status: 201,
    description: 'Sent (charged 0.02)',
    schema: messengerCodeSchema,
    example: exampleMessengerCode,
  },
  errors: ['INSUFFICIENT_BALANCE', 'CHANNEL_DISABLED', 'MESSENGER_REJECTED', ...ABUSE_REFUSALS],
});

registerOperation(publicApi, {
  operationId: 'getMessengerCode',
  method: 'get',
  path: '/messages/messenger/{sid}',
  tag,
  summary: 'Get a messenger code',
  description: 'The latest status of the code; reading it runs the undelivered-code check and refund.',
  params: sidParams,
  success: {
    status: 200,
    description: 'The code message',
    schema: messengerCodeSchema,
    example: { ...exampleMessengerCode, status: 'delivered', delivered_at: '2026-11-21T10:15:00.400Z' },
  },
  errors: ['INVALID_MESSAGE_SID', 'MESSAGE_NOT_FOUND'],
});

registerOperation(publicApi, {
  operationId: 'verifyMessengerCode',
  method: 'post',
  path: '/messages/messenger/{sid}/verify',
  tag,
  summary: 'Check a messenger code',
  description: 'Checks the code the user entered (own or generated); a wrong code is still 200 with valid false.',
  params: sidParams,
  idempotent: true,
  body: { schema: verifyCodeBody, example: { code: '482915' } },
  success: {
    status: 200,
    description: 'The result',
    schema: verifyResultSchema,
    example: { valid: true, verification_status: 'code_valid', message: exampleMessengerCode },
  },
  errors: ['INVALID_MESSAGE_SID', 'MESSAGE_NOT_FOUND'],
});

export function messengerRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/messages/messenger', async (req, res) => {
    const input = await parseBodyAsync(sendCodeBody, req.body);
    const message = await guardedStart(deps, req, { kind: 'messenger', to: input.to, signals: input.signals }, () =>
      deps.peers.messenger.Send({
        project_id: projectOf(req),
        to: input.to,
        ...(input.code === undefined ? {} : { code: input.code }),
        ...(input.callback === undefined ? {} : { callback: input.callback }),
        metadata_json: JSON.stringify(input.metadata ?? {}),
        purpose: 'direct',
        ...ownerKeyOf(req),
      }),
    );
    markReplayed(res, message.replayed);
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
