import { CARRIER_NAME_PATTERN } from '@otp/platform';
import express, { Router, type Response } from 'express';
import { z } from 'zod';
import type { SimulatedCarriers } from '../carrier/simulated-carriers.js';
import type { SubmitLog } from '../carrier/submit-log.js';

const E164 = /^\+\d{6,15}$/;

const rulesBody = z
  .object({
    rules: z.array(
      z
        .object({
          ending: z
            .string()
            .regex(/^\d{1,15}$/)
            .optional(),
          part: z.number().int().min(1).max(255).optional(),
          status: z.number().int().min(0).max(0xffffffff).optional(),
          receipt: z.enum(['DELIVRD', 'UNDELIV', 'EXPIRED', 'REJECTD', 'DELETED', 'UNKNOWN']).optional(),
          times: z.number().int().min(1).optional(),
          answer_after_ms: z.number().int().min(0).max(60000).optional(),
        })
        .strict(),
    ),
  })
  .strict();

function badRequest(res: Response, message: string): void {
  res.status(400).json({ error: { code: 'INVALID_ARGUMENT', message } });
}

/**
 * What the simulated carriers saw, and the levers tests pull: submit_sm counts per number on the
 * default carrier (GET /carrier/submits), and per carrier its parts, scripted answers, down and up.
 */
export function carrierRoutes(submits: SubmitLog, carriers: SimulatedCarriers): Router {
  const router = Router();
  // A name that no carrier can have is not looked up.
  router.param('name', (_req, res, next, name: string) => {
    if (CARRIER_NAME_PATTERN.test(name)) next();
    else res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such carrier' } });
  });
  router.use('/carriers', express.json({ limit: '64kb' }));
  router.get('/carrier/submits', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : '';
    if (!E164.test(to)) return badRequest(res, 'to: an E.164 number is required');
    res.json(submits.of(to));
  });
  router.delete('/carrier/submits', (_req, res) => {
    submits.clear();
    res.status(204).end();
  });

  router.get('/carriers', (_req, res) => {
    res.json({ carriers: carriers.list() });
  });
  router.get('/carriers/:name/parts', (req, res) => {
    const carrier = carriers.get(req.params.name);
    if (!carrier) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such carrier' } });
    const to = typeof req.query.to === 'string' ? req.query.to : '';
    if (!E164.test(to)) return badRequest(res, 'to: an E.164 number is required');
    res.json({ counts: carrier.submits.of(to), parts: carrier.submits.partsTo(to) });
  });
  router.put('/carriers/:name/rules', (req, res) => {
    const carrier = carriers.get(req.params.name);
    if (!carrier) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such carrier' } });
    const parsed = rulesBody.safeParse(req.body);
    if (!parsed.success) return badRequest(res, parsed.error.issues.map((i) => i.message).join('; '));
    carrier.rules.set(parsed.data.rules);
    res.json(parsed.data);
  });
  for (const state of ['down', 'up'] as const) {
    router.post(`/carriers/:name/${state}`, async (req, res) => {
      const name = req.params.name;
      const done = state === 'down' ? await carriers.down(name) : await carriers.up(name);
      if (!done) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such carrier' } });
      res.json({ name, up: state === 'up' });
    });
  }
  return router;
}
