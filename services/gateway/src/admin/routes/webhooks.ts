import { DomainError } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { describeIssues } from '../../http/validation.js';
import { audit } from '../audit.js';
import { existingProject } from '../project-param.js';

// Admin rows owned by the webhook dispatcher: signing secret rotation, delivery list and replay.

const deliveriesQuery = z.strictObject({
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
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
    const projectId = await existingProject(deps, req.params.id);
    const delivery = await deps.peers.webhooks.ReplayDelivery({
      project_id: projectId,
      delivery_id: req.params.delivery_id ?? '',
    });
    audit(deps.logger, 'webhook_delivery.replay', { project_id: projectId, delivery_id: delivery.id });
    res.json(deliveryView(delivery));
  });

  return router;
}
