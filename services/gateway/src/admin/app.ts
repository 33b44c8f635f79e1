import { recordServerRoute } from '@otp/platform';
import express, { type Express, type Router } from 'express';
import type { GatewayDeps } from '../deps.js';
import { accessLog } from '../http/access-log.js';
import { errorHandler } from '../http/error-handler.js';
import { healthRoutes } from '../http/health.js';
import { jsonBody } from '../http/json-body.js';
import { assignRequestId, withRequestContext } from '../http/request-id.js';
import { plainPathsOnly } from '../http/request-path.js';
import { unmatchedRoute } from '../http/unmatched.js';
import { authenticateAdmin } from './auth.js';
import { adminDocument } from './document.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { carrierRoutes } from './routes/carriers.js';
import { creditRoutes } from './routes/credits.js';
import { fraudAdminRoutes } from './routes/fraud.js';
import { ipAllowlistRoutes } from './routes/ip-allowlist.js';
import { ledgerRoutes } from './routes/ledger.js';
import { messageLogRoutes } from './routes/message-logs.js';
import { messengerAdminRoutes } from './routes/messenger.js';
import { projectRoutes } from './routes/projects.js';
import { smsRateRoutes } from './routes/sms-rates.js';
import { smsAdminRoutes } from './routes/sms.js';
import { verificationAdminRoutes } from './routes/verifications.js';
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
  carrierRoutes,
  messengerAdminRoutes,
  verifyAdminRoutes,
  fraudAdminRoutes,
  verificationAdminRoutes,
  messageLogRoutes,
  webhookRoutes,
];

/** The admin API on ADMIN_PORT (operators, otpctl, the test suites). */
export function adminApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(recordServerRoute(), assignRequestId);
  app.use(accessLog(deps.logger));
  app.use(plainPathsOnly);
  app.use(healthRoutes(deps));
  // Before the token check: tooling reads it, and it describes routes without any secret.
  app.get('/admin/v1/openapi.json', (_req, res) => {
    res.json(adminDocument());
  });
  const v1 = express.Router();
  v1.use(jsonBody(deps.config.BODY_LIMIT), withRequestContext, authenticateAdmin(deps.config.ADMIN_TOKEN));
  for (const routes of RESOURCES) v1.use(routes(deps));
  app.use('/admin/v1', v1);
  app.use(unmatchedRoute(app));
  app.use(errorHandler(deps.logger));
  return app;
}
