import { DomainError } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { describeIssues } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { audit } from '../audit.js';
import { deliveryIdParam, existingProject } from '../path-params.js';
import { projectId, projectParams, uuidParam, webhookSecretSchema } from '../resources.js';

// Admin rows owned by the webhook dispatcher: signing secret rotation and revocation, delivery list and replay.

const deliveriesQuery = z.strictObject({
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

const secretsSchema = adminApi.registry.register(
  'WebhookSecrets',
  z.object({
    secrets: z.array(webhookSecretSchema).openapi({ description: 'The new one first, then those still valid.' }),
  }),
);

const deliverySchema = adminApi.registry.register(
  'WebhookDelivery',
  z.object({
    id: z.uuid(),
    event_id: z.uuid(),
    event_type: z.string().openapi({ example: 'verification.approved' }),
    url: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    recent_attempts: z
      .array(
        z.object({
          number: z.number().int(),
          series: z.number().int().openapi({ description: '0 for the first series, +1 per replay.' }),
          status: z.enum(['started', 'completed', 'interrupted']),
          started_at: z.iso.datetime(),
          duration_ms: z.number().int(),
          status_code: z.number().int().nullable(),
          error: z.string().nullable(),
          response_snippet: z.string().openapi({ description: 'The first 1 KB of the answer.' }),
        }),
      )
      .openapi({ description: 'The last 10 attempts, newest first.' }),
  }),
);

const tag = 'Webhooks';

registerOperation(adminApi, {
  operationId: 'rotateWebhookSecret',
  method: 'post',
  path: '/projects/{id}/webhook-secret',
  tag,
  summary: 'Rotate the webhook signing secret',
  description:
    'The previous secret keeps signing for 24 hours (deliveries carry both signatures), unless revoked ' +
    'with `DELETE /projects/{id}/webhook-secret/previous`.',
  params: projectParams,
  success: { status: 200, description: 'The secrets now signing', schema: secretsSchema },
  errors: ['PROJECT_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'revokePreviousWebhookSecrets',
  method: 'delete',
  path: '/projects/{id}/webhook-secret/previous',
  tag,
  summary: 'Revoke the previous webhook signing secrets now',
  description:
    'After a rotation, the previous secret stops signing at once instead of after 24 hours: deliveries ' +
    'carry only the current signature. Idempotent.',
  params: projectParams,
  success: { status: 204, description: 'Only the current secret signs' },
  errors: ['PROJECT_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'listWebhookDeliveries',
  method: 'get',
  path: '/projects/{id}/webhook-deliveries',
  tag,
  summary: "A project's webhook deliveries, newest first",
  params: projectParams,
  query: deliveriesQuery,
  success: {
    status: 200,
    description: 'The deliveries',
    schema: adminApi.registry.register('WebhookDeliveries', z.object({ deliveries: z.array(deliverySchema) })),
  },
  errors: ['PROJECT_NOT_FOUND', 'INVALID_REQUEST_BODY'],
});

registerOperation(adminApi, {
  operationId: 'replayWebhookDelivery',
  method: 'post',
  path: '/projects/{id}/webhook-deliveries/{delivery_id}/replay',
  tag,
  summary: 'Send a delivery again',
  description: 'A new series of attempts starts at once; earlier attempts stay in the log.',
  params: z.object({ id: projectId, delivery_id: uuidParam }),
  success: { status: 200, description: 'The delivery, pending again', schema: deliverySchema },
  errors: ['PROJECT_NOT_FOUND', 'DELIVERY_NOT_FOUND'],
});

type Delivery = Awaited<ReturnType<GatewayDeps['peers']['webhooks']['ListDeliveries']>>['deliveries'][number];
type Secrets = Awaited<ReturnType<GatewayDeps['peers']['webhooks']['GetSecrets']>>;

function secretsView(list: Secrets) {
  return {
    secrets: list.secrets.map((s) => ({
      secret: s.secret,
      created_at: s.created_at,
      expires_at: s.expires_at ?? null,
    })),
  };
}

function deliveryView(d: Delivery) {
  return {
    id: d.id,
    event_id: d.event_id,
    event_type: d.event_type,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.last_status_code ?? null,
    last_error: d.last_error ?? null,
    next_attempt_at: d.next_attempt_at ?? null,
    created_at: d.created_at,
    recent_attempts: d.recent_attempts.map((a) => ({
      number: a.number,
      series: a.series,
      status: a.status,
      started_at: a.started_at,
      duration_ms: a.duration_ms,
      status_code: a.status_code ?? null,
      error: a.error ?? null,
      response_snippet: a.response_snippet,
    })),
  };
}

export function webhookRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/projects/:id/webhook-secret', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const secrets = await deps.peers.webhooks.RotateSecret({ project_id: projectId });
    audit(deps.logger, 'webhook_secret.rotate', { project_id: projectId });
    res.json(secretsView(secrets));
  });

  router.delete('/projects/:id/webhook-secret/previous', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    await deps.peers.webhooks.RevokePreviousSecrets({ project_id: projectId });
    audit(deps.logger, 'webhook_secret.revoke_previous', { project_id: projectId });
    res.status(204).end();
  });

  router.get('/projects/:id/webhook-deliveries', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const query = deliveriesQuery.safeParse(req.query);
    if (!query.success) throw new DomainError('INVALID_REQUEST_BODY', describeIssues(query.error.issues));
    const page = await deps.peers.webhooks.ListDeliveries({
      project_id: projectId,
      limit: query.data.limit,
      ...(query.data.status ? { status: query.data.status } : {}),
    });
    res.json({ deliveries: page.deliveries.map(deliveryView) });
  });

  router.post('/projects/:id/webhook-deliveries/:delivery_id/replay', async (req, res) => {
    const deliveryId = deliveryIdParam(req.params.delivery_id);
    const projectId = await existingProject(deps, req.params.id);
    const delivery = await deps.peers.webhooks.ReplayDelivery({ project_id: projectId, delivery_id: deliveryId });
    audit(deps.logger, 'webhook_delivery.replay', { project_id: projectId, delivery_id: delivery.id });
    res.json(deliveryView(delivery));
  });

  return router;
}
