import { Router } from 'express';
import type { ProviderUsage } from '../messenger-provider/usage.js';

/** What the simulated messenger provider billed the operator, per number (tests read it). */
export function providerUsageRoutes(usage: ProviderUsage): Router {
  const router = Router();
  router.get('/messenger-api-usage', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : '';
    if (!/^\+\d{6,15}$/.test(to)) {
      res.status(400).json({ error: { code: 'INVALID_ARGUMENT', message: 'to: an E.164 number is required' } });
      return;
    }
    res.json(usage.of(to));
  });
  router.delete('/messenger-api-usage', (_req, res) => {
    usage.clear();
    res.status(204).end();
  });
  return router;
}
