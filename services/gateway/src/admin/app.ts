import express, { type Express, type Router } from 'express';
import type { GatewayDeps } from '../deps.js';
import { accessLog } from '../http/access-log.js';
import { errorHandler } from '../http/error-handler.js';
import { healthRoutes } from '../http/health.js';
import { jsonBody } from '../http/json-body.js';
import { assignRequestId, withRequestContext } from '../http/request-id.js';
import { unmatchedRoute } from '../http/unmatched.js';
import { authenticateAdmin } from './auth.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { creditRoutes } from './routes/credits.js';
import { ipAllowlistRoutes } from './routes/ip-allowlist.js';
import { ledgerRoutes } from './routes/ledger.js';
import { messengerAdminRoutes } from './routes/messenger.js';
import { projectRoutes } from './routes/projects.js';
import { smsRateRoutes } from './routes/sms-rates.js';
import { smsAdminRoutes } from './routes/sms.js';
import { verifyAdminRoutes } from './routes/verify.js';
import { webhookRoutes } from './routes/webhooks.js';

// One entry per resource file in ./routes (each mounted under /admin/v1, after admin auth).
const RESOURCES: ((deps: GatewayDeps) => Router)[] = [
  projectRoutes,
  apiKeyRoutes,
  ipAllowlistRoutes,
  creditRoutes,
  ledgerRoutes,
  smsRateRoutes,
  smsAdminRoutes,
  messengerAdminRoutes,
  verifyAdminRoutes,
  webhookRoutes,
];

/** The admin API on ADMIN_PORT (operators, otpctl, the test suites). */
export function adminApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(assignRequestId);
  app.use(accessLog(deps.logger));
  app.use(healthRoutes(deps));
  const v1 = express.Router();
  v1.use(jsonBody(deps.config.BODY_LIMIT), withRequestContext, authenticateAdmin(deps.config.ADMIN_TOKEN));
  for (const routes of RESOURCES) v1.use(routes(deps));
  app.use('/admin/v1', v1);
  app.use(unmatchedRoute(app));
  app.use(errorHandler(deps.logger));
  return app;
}
