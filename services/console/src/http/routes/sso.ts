import type { Response, Router } from 'express';
import type { ConsoleDeps } from '../../operations/deps.js';
import { signInWithSso } from '../../operations/sign-in.js';
import { SsoFailed, type SsoClient, type SsoFlow } from '../../sso/oidc-client.js';
import { ConsoleError } from '../errors.js';
import { checkedRouter } from '../paths.js';
import { readCookie, setSessionCookie } from '../session.js';

// Single sign-on's three routes: is it on (the sign-in page asks), start (off to the provider)
// and the provider's callback (back with a session, or to the sign-in page with the reason).

const FLOW_COOKIE = 'otp_console_sso';
const FLOW_PATH = '/api/sso';
const FLOW_MAX_AGE_MS = 10 * 60_000;

function encodeFlow(flow: SsoFlow): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

function decodeFlow(value: string | undefined): SsoFlow | undefined {
  if (!value) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<SsoFlow>;
    if (typeof flow.state === 'string' && typeof flow.nonce === 'string' && typeof flow.verifier === 'string') {
      return { state: flow.state, nonce: flow.nonce, verifier: flow.verifier };
    }
  } catch {
    // a damaged cookie is no flow
  }
  return undefined;
}

/** Back to the sign-in page with a reason code it words (never free text from the URL). */
function refuse(res: Response, reason: string): void {
  res.redirect(303, `/#/?sso_error=${reason}`);
}

export function ssoRoutes(deps: ConsoleDeps, sso: SsoClient | undefined, cookieSecure: boolean): Router {
  const router = checkedRouter();

  router.get('/sso', (_req, res) => {
    res.json({ enabled: sso !== undefined });
  });

  router.get('/sso/start', async (_req, res) => {
    if (!sso) throw new ConsoleError('NOT_FOUND', 'single sign-on is not configured');
    let started;
    try {
      started = await sso.start();
    } catch (error) {
      if (!(error instanceof SsoFailed)) throw error;
      deps.logger.warn({ reason: error.message }, 'single sign-on unavailable');
      refuse(res, 'unavailable');
      return;
    }
    // Lax, not Strict: the provider's redirect back is a cross-site navigation, and this cookie
    // must come with it. It holds only this attempt's random checks, for ten minutes.
    res.cookie(FLOW_COOKIE, encodeFlow(started.flow), {
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure,
      path: FLOW_PATH,
      maxAge: FLOW_MAX_AGE_MS,
    });
    res.redirect(303, started.url);
  });

  router.get('/sso/callback', async (req, res) => {
    if (!sso) throw new ConsoleError('NOT_FOUND', 'single sign-on is not configured');
    const flow = decodeFlow(readCookie(req.get('cookie'), FLOW_COOKIE));
    res.clearCookie(FLOW_COOKIE, { httpOnly: true, sameSite: 'lax', secure: cookieSecure, path: FLOW_PATH });
    if (!flow) {
      refuse(res, 'expired');
      return;
    }
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    let identity;
    try {
      identity = await sso.finish(query, flow);
    } catch (error) {
      if (!(error instanceof SsoFailed)) throw error;
      deps.logger.warn({ reason: error.message }, 'single sign-on failed');
      refuse(res, 'failed');
      return;
    }
    const outcome = await signInWithSso(deps, identity);
    if ('refused' in outcome) {
      refuse(res, outcome.refused);
      return;
    }
    if ('pending' in outcome) {
      // An operator's code step: the token rides in the fragment, which no server or Referer sees.
      res.redirect(303, `/#/?second_factor=${encodeURIComponent(outcome.pending.pendingToken)}`);
      return;
    }
    setSessionCookie(res, outcome.signedIn.token, outcome.signedIn.expiresAt, cookieSecure);
    // A member lands on the overview of their first project; an operator on all projects.
    const roles = await deps.users.roles(outcome.signedIn.userId);
    const first = [...roles.keys()][0];
    res.redirect(303, first ? `/#/projects/${first}/overview` : '/#/projects');
  });

  return router;
}
