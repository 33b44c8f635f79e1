import type { RequestHandler, Response } from 'express';
import { changesState, CSRF_HEADER, csrfTokenMatches, sameOrigin } from '../domain/csrf.js';
import type { Actor } from '../domain/roles.js';
import { secondFactorRequired } from '../domain/second-factor.js';
import type { ConsoleDeps } from '../operations/deps.js';
import type { UserRecord } from '../store/users.js';
import { ConsoleError } from './errors.js';

export const SESSION_COOKIE = 'otp_console_session';

export interface SignedInLocals {
  user: UserRecord;
  actor: Actor;
  token: string;
  csrfToken: string;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}

export function signedIn(res: Response): SignedInLocals {
  return res.locals as SignedInLocals;
}

/**
 * The session behind the cookie, its user and roles; CSRF checked on every state change. Someone
 * the console requires a second factor of (an operator) and who has none gets only the routes
 * that open with `beforeSecondFactor` (the session, enrolment, sign-out): 403 elsewhere.
 */
export function requireSession(deps: ConsoleDeps, options: { beforeSecondFactor?: boolean } = {}): RequestHandler {
  return async (req, res, next) => {
    const token = readCookie(req.get('cookie'), SESSION_COOKIE);
    const session = token ? await deps.sessions.find(token) : undefined;
    const user = session ? await deps.users.byId(session.userId) : undefined;
    if (!token || !session || !user) throw new ConsoleError('UNAUTHENTICATED', 'sign in first');
    if (changesState(req.method)) {
      if (!sameOrigin(req.get('origin'), req.get('host'))) {
        throw new ConsoleError('CSRF_FAILED', 'cross-site request refused');
      }
      if (!csrfTokenMatches(session.csrfToken, req.get(CSRF_HEADER))) {
        throw new ConsoleError('CSRF_FAILED', `send the session's CSRF token in ${CSRF_HEADER}`);
      }
    }
    if (!options.beforeSecondFactor && secondFactorRequired(user) && !(await deps.secondFactors.enrolled(user.id))) {
      throw new ConsoleError('SECOND_FACTOR_REQUIRED', 'set up a second factor (Account) before anything else');
    }
    const locals: SignedInLocals = {
      user,
      token,
      csrfToken: session.csrfToken,
      actor: { userId: user.id, operator: user.isOperator, roles: await deps.users.roles(user.id) },
    };
    Object.assign(res.locals, locals);
    next();
  };
}
