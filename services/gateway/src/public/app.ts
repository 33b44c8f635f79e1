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
import { admission } from './admission.js';
import { authenticate } from './auth.js';
import { publicDocument } from './document.js';
import { idempotency } from './idempotency.js';
import { messengerReportRoutes } from './provider/messenger-reports.js';
import { messengerRoutes } from './routes/messenger.js';
import { projectRoutes } from './routes/project.js';
import { smsRoutes } from './routes/sms.js';
import { verificationRoutes } from './routes/verifications.js';

// One entry per resource file in ./routes (each mounted under /v1, after authentication).
const RESOURCES: ((deps: GatewayDeps) => Router)[] = [projectRoutes, smsRoutes, messengerRoutes, verificationRoutes];

/** The public REST API on PORT. */
export function publicApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(recordServerRoute(), assignRequestId);
  app.use(accessLog(deps.logger));
  app.use(plainPathsOnly);
  app.use(healthRoutes(deps));
  app.get('/v1/openapi.json', (_req, res) => {
    res.json(publicDocument());
  });
  // Provider callbacks authenticate by signature, not API key: mounted before /v1's auth.
  app.use(messengerReportRoutes(deps));
  const v1 = express.Router();
  v1.use(
    jsonBody(deps.config.BODY_LIMIT),
    withRequestContext,
    authenticate(deps),
    admission({ maxInFlight: deps.config.MAX_IN_FLIGHT, queueMs: deps.config.ADMISSION_QUEUE_MS }),
    idempotency(deps),
  );
  for (const routes of RESOURCES) v1.use(routes(deps));
  app.use('/v1', v1);
  app.use(unmatchedRoute(app));
  app.use(errorHandler(deps.logger));
  return app;
}
