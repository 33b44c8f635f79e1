import type { Router } from 'express';
import { z } from 'zod';
import { permissionsOn } from '../../domain/roles.js';
import type { ConsoleDeps } from '../../operations/deps.js';
import { changePassword } from '../../operations/people.js';
import { signIn } from '../../operations/sign-in.js';
import { parseBody } from '../body.js';
import { checkedRouter } from '../paths.js';
import { clearSessionCookie, requireSession, setSessionCookie, signedIn } from '../session.js';

const signInBody = z.strictObject({ email: z.string().max(254), password: z.string().max(200) });
const passwordBody = z.strictObject({ current: z.string().max(200), next: z.string().max(200) });

/** Sign in and out, who am I, password change. */
export function sessionRoutes(deps: ConsoleDeps, cookieSecure: boolean): Router {
  const router = checkedRouter();
  const session = requireSession(deps);

  router.post('/session', async (req, res) => {
    const input = parseBody(signInBody, req.body);
    const opened = await signIn(deps, { ...input, clientAddress: req.ip ?? 'unknown' });
    setSessionCookie(res, opened.token, opened.expiresAt, cookieSecure);
    res.status(201).json({ csrf_token: opened.csrfToken });
  });

  router.get('/session', session, async (_req, res) => {
    const { user, actor, csrfToken } = signedIn(res);
    res.json({
      user: { id: user.id, email: user.email, operator: user.isOperator },
      csrf_token: csrfToken,
      memberships: [...actor.roles].map(([projectId, role]) => ({
        project_id: projectId,
        role,
        permissions: permissionsOn(actor, projectId),
      })),
    });
  });

  router.delete('/session', session, async (_req, res) => {
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
