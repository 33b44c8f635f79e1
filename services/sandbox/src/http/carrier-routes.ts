import { Router } from 'express';
import type { SubmitLog } from '../carrier/submit-log.js';

/** What the simulated carrier saw: submit_sm counts per number (tests prove retries with it). */
export function carrierRoutes(submits: SubmitLog): Router {
  const router = Router();
  router.get('/carrier/submits', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : '';
    if (!/^\+\d{6,15}$/.test(to)) {
      res.status(400).json({ error: { code: 'INVALID_ARGUMENT', message: 'to: an E.164 number is required' } });
      return;
    }
    res.json(submits.of(to));
  });
  router.delete('/carrier/submits', (_req, res) => {
    submits.clear();
    res.status(204).end();
  });
  return router;
}
