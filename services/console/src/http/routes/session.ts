import type { Router } from 'express';
import { z } from 'zod';
import { permissionsOn } from '../../domain/roles.js';
import type { ConsoleDeps } from '../../operations/deps.js';
import { changePassword } from '../../operations/people.js';
import { secondFactorStatus } from '../../operations/second-factor.js';
import { signIn, signInWithCode } from '../../operations/sign-in.js';
import { parseBody } from '../body.js';
import { checkedRouter } from '../paths.js';
import { clearSessionCookie, requireSession, setSessionCookie, signedIn } from '../session.js';

const signInBody = z.strictObject({ email: z.string().max(254), password: z.string().max(200) });
const codeBody = z.strictObject({ pending_token: z.string().max(512), code: z.string().max(40) });
const passwordBody = z.strictObject({ current: z.string().max(200), next: z.string().max(200) });

/**
 * Sign in (password, then a code for whoever has a second factor) and out, who am I, password
 * change. Only a complete sign-in sets the session cookie.
 */
export function sessionRoutes(deps: ConsoleDeps, cookieSecure: boolean): Router {
  const router = checkedRouter();
  const session = requireSession(deps);
  const sessionBeforeSecondFactor = requireSession(deps, { beforeSecondFactor: true });

  router.post('/session', async (req, res) => {
    const input = parseBody(signInBody, req.body);
    const outcome = await signIn(deps, { ...input, clientAddress: req.ip ?? 'unknown' });
    if ('pending' in outcome) {
      res.status(202).json({
        second_factor: 'required',
        pending_token: outcome.pending.pendingToken,
        expires_at: outcome.pending.expiresAt.toISOString(),
      });
      return;
    }
    setSessionCookie(res, outcome.signedIn.token, outcome.signedIn.expiresAt, cookieSecure);
    res.status(201).json({ csrf_token: outcome.signedIn.csrfToken });
  });

  router.post('/session/second-factor', async (req, res) => {
    const input = parseBody(codeBody, req.body);
    const opened = await signInWithCode(deps, {
      pendingToken: input.pending_token,
      code: input.code,
      clientAddress: req.ip ?? 'unknown',
    });
    setSessionCookie(res, opened.token, opened.expiresAt, cookieSecure);
    res.status(201).json({ csrf_token: opened.csrfToken });
  });

  router.get('/session', sessionBeforeSecondFactor, async (_req, res) => {
    const { user, actor, csrfToken } = signedIn(res);
    const status = await secondFactorStatus(deps, user);
    res.json({
      user: { id: user.id, email: user.email, operator: user.isOperator },
      second_factor: {
        enrolled: status.enrolled,
        required: status.required,
        recovery_codes_left: status.recoveryCodesLeft,
      },
      csrf_token: csrfToken,
      memberships: [...actor.roles].map(([projectId, role]) => ({
        project_id: projectId,
        role,
        permissions: permissionsOn(actor, projectId),
      })),
    });
  });

  router.delete('/session', sessionBeforeSecondFactor, async (_req, res) => {
    const { token, user } = signedIn(res);
    await deps.sessions.close(token);
    await deps.audit.record({ userId: user.id, email: user.email }, 'session.sign_out', null);
    clearSessionCookie(res, cookieSecure);
    res.status(204).end();
  });

  router.post('/password', session, async (req, res) => {
    const { user } = signedIn(res);
    const input = parseBody(passwordBody, req.body);
    await changePassword(deps, user, input);
    // Every other browser is signed out; this one continues on a fresh session.
    const opened = await deps.sessions.open(user.id, deps.sessionTtlMs);
    setSessionCookie(res, opened.token, opened.expiresAt, cookieSecure);
    res.json({ csrf_token: opened.csrfToken });
  });

  return router;
}
