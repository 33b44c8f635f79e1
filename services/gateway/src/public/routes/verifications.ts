import { verificationResource } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl, metadata, parseSidParam, phoneNumber, sidParam, signals } from '../../http/schemas.js';
import { parseBody, parseBodyAsync } from '../../http/validation.js';
import { EXAMPLE_METADATA, EXAMPLE_PHONE, exampleVerification } from '../../openapi/examples.js';
import { ABUSE_REFUSALS } from '../../openapi/errors.js';
import { registerOperation } from '../../openapi/operation.js';
import { publicApi } from '../../openapi/registry.js';
import { projectOf } from '../auth.js';
import { guardedStart } from '../guard.js';
import { markReplayed, ownerKeyOf } from '../idempotency.js';
import { verificationFields, verificationSchema } from '../resources.js';

// POST /v1/verifications, GET /v1/verifications/{sid}, POST /v1/verifications/{sid}/check
// (spec: "Verification"). The verify service runs the state machine; this file validates and maps.

const startBody = z.strictObject({
  to: phoneNumber,
  metadata: metadata.optional(),
  callback: callbackUrl.optional().openapi({ description: 'Receives one webhook when the verification finishes.' }),
  signals: signals.optional(),
});

const checkBody = z.strictObject({
  code: z
    .string()
    .regex(/^\d{4,8}$/, 'must be 4-8 digits')
    .openapi({ description: 'The code the user entered.' }),
});

const checkResultSchema = publicApi.registry.register(
  'VerificationCheck',
  z.object({
    ...verificationFields,
    valid: z.boolean().openapi({ description: 'true when the code matched and status is now approved.' }),
  }),
);

const sidParams = z.object({ sid: sidParam('VE') });
const tag = 'Verifications';

registerOperation(publicApi, {
  operationId: 'startVerification',
  method: 'post',
  path: '/verifications',
  tag,
  summary: 'Start a verification',
  description: 'Generates a code and sends it to `to` on the configured channel (messenger, with SMS fallback).',
  idempotent: true,
  body: { schema: startBody, example: { to: EXAMPLE_PHONE, metadata: EXAMPLE_METADATA } },
  success: {
    status: 201,
    description: 'Started; the code is on its way',
    schema: verificationSchema,
    example: exampleVerification,
  },
  errors: [
    'INSUFFICIENT_BALANCE',
    'VERIFY_DISABLED',
    'SENDER_ID_REQUIRED',
    'DESTINATION_NOT_PRICED',
    'QUEUE_UNAVAILABLE',
    ...ABUSE_REFUSALS,
  ],
});

registerOperation(publicApi, {
  operationId: 'getVerification',
  method: 'get',
  path: '/verifications/{sid}',
  tag,
  summary: 'Get a verification',
  description:
    'The verification with every attempt. Reading also advances it: it falls back to SMS when due and ' +
    'becomes expired once expires_at has passed.',
  params: sidParams,
  success: { status: 200, description: 'The verification', schema: verificationSchema, example: exampleVerification },
  errors: ['INVALID_MESSAGE_SID', 'VERIFICATION_NOT_FOUND'],
});

registerOperation(publicApi, {
  operationId: 'checkVerification',
  method: 'post',
  path: '/verifications/{sid}/check',
  tag,
  summary: 'Check a code',
  description: 'A wrong code is still 200, with `valid` false and `checks_left` one lower.',
  params: sidParams,
  idempotent: true,
  body: { schema: checkBody, example: { code: '123456' } },
  success: {
    status: 200,
    description: 'The verification and whether the code matched',
    schema: checkResultSchema,
    example: { ...exampleVerification, checks_left: 4, valid: false },
  },
  errors: ['INVALID_MESSAGE_SID', 'VERIFICATION_NOT_FOUND', 'VERIFICATION_NOT_PENDING'],
});

export function verificationRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/verifications', async (req, res) => {
    const input = await parseBodyAsync(startBody, req.body);
    const verification = await guardedStart(
      deps,
      req,
      { kind: 'verification', to: input.to, signals: input.signals },
      () =>
        deps.peers.verify.Start({
          project_id: projectOf(req),
          to: input.to,
          ...(input.callback === undefined ? {} : { callback: input.callback }),
          metadata_json: JSON.stringify(input.metadata ?? {}),
          ...ownerKeyOf(req),
        }),
    );
    markReplayed(res, verification.replayed);
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
