import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  announceReady,
  createLogger,
  exitOnStartFailure,
  schemaPool,
  startRetention,
  stopOnSignals,
} from '@otp/platform';
import type { Express } from 'express';
import { adminApp } from './admin/app.js';
import { readConfig } from './config.js';
import type { GatewayDeps } from './deps.js';
import { allowPrivateCallbackUrls } from './http/schemas.js';
import { KeyOwnerCache } from './key-owner-cache.js';
import { closePeers, connectPeers } from './peers.js';
import { publicApp } from './public/app.js';
import { ApiKeys } from './store/api-keys.js';
import { openDatabase } from './store/database.js';
import { IdempotencyRecords } from './store/idempotency-records.js';
import { KeyChangeListener } from './store/key-changes.js';
import { Projects } from './store/projects.js';

const config = readConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);

function listen(app: Express, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, config.HOST, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Idle keep-alive connections would hold close() open until the grace timer fires.
    server.closeIdleConnections();
  });
}

async function main(): Promise<void> {
  allowPrivateCallbackUrls(config.ALLOW_PRIVATE_CALLBACKS);
  // One pool: Prisma's adapter (admin paths) and the named statements of every request (API key,
  // Idempotency-Key) share it. What the gateway does by itself (retention, readiness) runs only
  // named statements, so Prisma's query compiler is loaded by the first admin call, never by an
  // idle process.
  const pool = schemaPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 10);
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA, pool);
  const peers = connectPeers(config);
  const keyOwners = new KeyOwnerCache(config.API_KEY_CACHE_MS);
  const keyChanges = new KeyChangeListener(config.DATABASE_URL, keyOwners, logger);
  keyChanges.start();
  const deps: GatewayDeps = {
    config,
    logger,
    peers,
    pool,
    projects: new Projects(db),
    apiKeys: new ApiKeys(db, pool),
    keyOwners,
    idempotencyRecords: new IdempotencyRecords(pool),
    lifecycle: { stopping: false },
  };
  const retention = startRetention(config, logger, [
    deps.idempotencyRecords.retention(config.IDEMPOTENCY_RETENTION_HOURS),
  ]);
  const publicServer = await listen(publicApp(deps), config.PORT);
  const adminServer = await listen(adminApp(deps), config.ADMIN_PORT);
  announceReady(logger, {
    http: (publicServer.address() as AddressInfo).port,
    admin: (adminServer.address() as AddressInfo).port,
  });

  stopOnSignals(logger, config.SHUTDOWN_DELAY_MS + config.SHUTDOWN_GRACE_MS, [
    // Readiness fails first and the gateway keeps serving, so the load balancer drops this pod
    // before the listeners close (connections arriving after that would be refused).
    async () => {
      deps.lifecycle.stopping = true;
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
    },
    () => Promise.all([close(publicServer), close(adminServer)]).then(() => undefined),
    () => retention.stop(),
    () => closePeers(peers),
    () => keyChanges.stop(),
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
