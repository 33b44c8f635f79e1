import type { Router } from 'express';
import { z } from 'zod';
import type { ConsoleDeps } from '../../operations/deps.js';
import { beginEnrolment, confirmEnrolment, disableSecondFactor } from '../../operations/second-factor.js';
import { parseBody } from '../body.js';
import { checkedRouter } from '../paths.js';
import { requireSession, signedIn } from '../session.js';

const codeBody = z.strictObject({ code: z.string().regex(/^[\d\s]{6,8}$|^[A-Za-z0-9\s-]{16,24}$/, 'a code') });

/** The signed-in person's own second factor: enrol (an operator before anything else), disable. */
export function secondFactorRoutes(deps: ConsoleDeps): Router {
  const router = checkedRouter();
  const enrolling = requireSession(deps, { beforeSecondFactor: true });

  router.post('/second-factor/enrolment', enrolling, async (_req, res) => {
    const started = await beginEnrolment(deps, signedIn(res).user);
    res.status(201).json({ secret: started.secret, otpauth_uri: started.uri });
  });

  router.post('/second-factor/enrolment/confirm', enrolling, async (req, res) => {
    const input = parseBody(codeBody, req.body);
    const recoveryCodes = await confirmEnrolment(deps, signedIn(res).user, input.code);
    res.status(201).json({ recovery_codes: recoveryCodes });
  });

  router.post('/second-factor/disable', requireSession(deps), async (req, res) => {
    const input = parseBody(codeBody, req.body);
    await disableSecondFactor(deps, signedIn(res).user, input.code);
    res.status(204).end();
  });

  return router;
}
