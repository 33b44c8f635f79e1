import { existsSync } from 'node:fs';
import path from 'node:path';
import { recordServerRoute, type Logger } from '@otp/platform';
import express, { type Express, type Router } from 'express';
import type { ConsoleDeps } from '../operations/deps.js';
import type { SsoClient } from '../sso/oidc-client.js';
import { errorHandler } from './error-handler.js';
import { ConsoleError } from './errors.js';
import { requestPathCheck } from './paths.js';
import { routesOf } from './route-list.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { operatorRoutes } from './routes/operator.js';
import { projectForwardRoutes } from './routes/project-forwards.js';
import { projectRoutes } from './routes/projects.js';
import { secondFactorRoutes } from './routes/second-factor.js';
import { sessionRoutes } from './routes/session.js';
import { ssoRoutes } from './routes/sso.js';
import { requireSession } from './session.js';

export interface AppOptions {
  webRoot: string;
  /** Single sign-on, when configured. */
  sso?: SsoClient;
  cookieSecure: boolean;
  trustProxyHops: number;
  logger: Logger;
  /** Readiness: the console's database answers. */
  ready: () => Promise<boolean>;
}

export interface AdminAppOptions {
  /** The platform's admin token: the console's own admin route (otpctl users create) checks it. */
  adminToken: string;
  logger: Logger;
}

// Strict by default: the app is served from this origin only, scripts from files, no framing.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The routes under /api, each path parameter checked before its route (refused at start otherwise). */
export function apiRouter(deps: ConsoleDeps, options: Pick<AppOptions, 'sso' | 'cookieSecure'>): Router {
  const api = express.Router();
  api.use(express.json({ limit: '64kb' }));
  api.use((_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  api.use(sessionRoutes(deps, options.cookieSecure));
  api.use(ssoRoutes(deps, options.sso, options.cookieSecure));
  api.use(secondFactorRoutes(deps));
  api.use(requireSession(deps));
  api.use(projectRoutes(deps));
  api.use(projectForwardRoutes(deps));
  api.use(operatorRoutes(deps));
  api.use(() => {
    throw new ConsoleError('NOT_FOUND', 'no such console route');
  });
  const unchecked = routesOf(api).filter((route) => route.unchecked.length > 0);
  if (unchecked.length > 0) {
    const names = unchecked.map((route) => `${route.method} ${route.path} (${route.unchecked.join(', ')})`);
    throw new Error(`console routes with unchecked path parameters: ${names.join('; ')}`);
  }
  return api;
}

/** What every console port does first: no version banner, no ETags, and a path judged as sent. */
function baseApp(trustProxyHops: number): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', trustProxyHops);
  app.use(recordServerRoute());
  app.use((_req, res, next) => {
    res.set({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
    });
    next();
  });
  // Before static files and /api: a steering path never reaches a router that decodes it.
  app.use(requestPathCheck());
  return app;
}

/** The console: JSON routes under /api, the built web app for everything else. */
export function consoleApp(deps: ConsoleDeps, options: AppOptions): Express {
  const app = baseApp(options.trustProxyHops);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ready = await options.ready();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable' });
  });
  app.use('/api', apiRouter(deps, options));

  if (existsSync(options.webRoot)) {
    app.use(express.static(options.webRoot, { index: false, maxAge: '1h' }));
    // Client-side routes all load the app.
    app.get(/^\/(?!api\/|admin\/).*/, (_req, res) => {
      res.set('cache-control', 'no-cache').sendFile(path.join(options.webRoot, 'index.html'));
    });
  }
  // The admin route lives on the admin port only: here it is a route like any other that is not.
  app.use(() => {
    throw new ConsoleError('NOT_FOUND', 'no such console route');
  });
  app.use(errorHandler(options.logger));
  return app;
}

/**
 * The console's admin port: `POST /admin/v1/users` with the admin token (otpctl users create).
 * Its own port, which no Ingress routes (the chart gives it a cluster-internal Service), so the
 * route that makes operators is never on the Internet with the web app.
 */
export function consoleAdminApp(deps: ConsoleDeps, options: AdminAppOptions): Express {
  const app = baseApp(0);
  const admin = express.Router();
  admin.use(express.json({ limit: '16kb' }));
  admin.use(adminUserRoutes(deps, options.adminToken));
  app.use('/admin/v1', admin);
  app.use(() => {
    throw new ConsoleError('NOT_FOUND', 'no such console admin route');
  });
  app.use(errorHandler(options.logger));
  return app;
}
