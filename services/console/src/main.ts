import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  announceReady,
  createLogger,
  databaseReachable,
  exitOnStartFailure,
  PeriodicTask,
  schemaPool,
  stopOnSignals,
} from '@otp/platform';
import type { Express } from 'express';
import { AdminApi } from './admin-api/client.js';
import { readConfig, ssoSettings } from './config.js';
import { consoleAdminApp, consoleApp } from './http/app.js';
import type { ConsoleDeps } from './operations/deps.js';
import { secondFactorKeys } from './domain/second-factor.js';
import { SsoClient } from './sso/oidc-client.js';
import { AuditTrail } from './store/audit.js';
import { openDatabase } from './store/database.js';
import { LoginAttempts } from './store/login-attempts.js';
import { SecondFactors } from './store/second-factors.js';
import { Sessions } from './store/sessions.js';
import { Users } from './store/users.js';

const config = readConfig();
const logger = createLogger('console', config.LOG_LEVEL);

function listen(app: Express, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const listening = app.listen(port, config.HOST, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Browsers keep idle connections open; they would hold the close until the grace ends.
    server.closeIdleConnections();
  });
}

async function main(): Promise<void> {
  const pool = schemaPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 10);
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA, pool);
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const deps: ConsoleDeps = {
    users: new Users(db),
    sessions: new Sessions(db, pool),
    secondFactors: new SecondFactors(db),
    secondFactorKeys: secondFactorKeys(Buffer.from(config.CONSOLE_TOTP_KEY, 'hex')),
    loginAttempts: new LoginAttempts(pool),
    audit: new AuditTrail(db, logger),
    admin: new AdminApi(config.ADMIN_API_URL, config.ADMIN_TOKEN, config.ADMIN_API_TIMEOUT_MS),
    logger,
    throttle: { maxFailures: config.LOGIN_MAX_FAILURES, windowMs },
    sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
  };
  const sso = ssoSettings(config);
  const app = consoleApp(deps, {
    webRoot: config.WEB_ROOT,
    ...(sso ? { sso: new SsoClient(sso) } : {}),
    cookieSecure: config.COOKIE_SECURE,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    logger,
    ready: () => databaseReachable(pool),
  });
  const adminApp = consoleAdminApp(deps, { adminToken: config.ADMIN_TOKEN, logger });
  const server = await listen(app, config.PORT);
  const adminServer = await listen(adminApp, config.CONSOLE_ADMIN_PORT);
  const sweeper = new PeriodicTask({
    name: 'console-sweep',
    intervalMs: config.SWEEP_INTERVAL_MS,
    logger,
    pass: async () => {
      await deps.sessions.sweep();
      await deps.loginAttempts.sweep(new Date(Date.now() - windowMs));
    },
  });
  sweeper.start();
  announceReady(logger, {
    http: (server.address() as AddressInfo).port,
    admin: (adminServer.address() as AddressInfo).port,
  });

  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => sweeper.stop(),
    async () => {
      await Promise.all([close(server), close(adminServer)]);
    },
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
