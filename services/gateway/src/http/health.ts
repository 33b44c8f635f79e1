import { databaseReachable } from '@otp/platform';
import { Router } from 'express';
import type { GatewayDeps } from '../deps.js';
import { errorEnvelope } from './errors.js';

const PROBE_DEADLINE_MS = 1000;

async function billingServing(deps: GatewayDeps): Promise<boolean> {
  try {
    const health = await deps.peers.billingHealth.Check(
      { service: 'otp.billing.v1.Billing' },
      { deadlineMs: PROBE_DEADLINE_MS },
    );
    return health.status === 'SERVING';
  } catch {
    return false;
  }
}

/**
 * GET /healthz (the process runs) and GET /readyz (it can serve: database and billing reachable,
 * and not stopping).
 */
export function healthRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (deps.lifecycle.stopping) {
      res.status(503).set('Retry-After', '1').json(errorEnvelope('SERVICE_UNAVAILABLE', 'not ready: stopping'));
      return;
    }
    const [database, billing] = await Promise.all([databaseReachable(deps.pool), billingServing(deps)]);
    if (database && billing) {
      res.json({ status: 'ready' });
      return;
    }
    const missing = [database ? undefined : 'database', billing ? undefined : 'billing'].filter(Boolean).join(', ');
    res
      .status(503)
      .set('Retry-After', '1')
      .json(errorEnvelope('SERVICE_UNAVAILABLE', `not ready: ${missing} unreachable`));
  });
  return router;
}
