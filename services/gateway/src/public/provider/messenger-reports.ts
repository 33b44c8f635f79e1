import { DomainError } from '@otp/platform';
import express, { Router } from 'express';
import type { GatewayDeps } from '../../deps.js';

// POST /provider/messenger/reports: the messenger provider's delivery reports. Public (the
// provider calls it) but not an API-key route: the report's HMAC signature is its authentication,
// checked by the messenger service over the exact bytes received, so the body stays raw here.
// Forged or stale reports answer 401 INVALID_SIGNATURE; a replay of an accepted report answers
// 200 with `applied: false` (a provider retrying after a lost answer must be told to stop).

export function messengerReportRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.post(
    '/provider/messenger/reports',
    express.raw({ type: () => true, limit: deps.config.BODY_LIMIT }),
    async (req, res) => {
      const timestamp = req.get('x-request-timestamp');
      const signature = req.get('x-request-signature');
      if (!timestamp || !signature)
        throw new DomainError('INVALID_SIGNATURE', 'X-Request-Timestamp and X-Request-Signature are required');
      const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const ack = await deps.peers.messenger.ApplyProviderReport({ body, timestamp, signature });
      res.json({ ok: true, applied: ack.applied });
    },
  );
  return router;
}
