import {
  busAccess,
  announceReady,
  createGrpcClient,
  createLogger,
  exitOnStartFailure,
  redeliveryOf,
  schemaPool,
  startEventPublisher,
  startGrpcServer,
  startRetention,
  stopOnSignals,
  systemClock,
} from '@otp/platform';
import { loadBillingProto, loadGuardProto } from '@otp/proto';
import { readConfig } from './config.js';
import { startConversionConsumer } from './events/conversions.js';
import type { GuardDeps } from './operations/deps.js';
import { guardHandlers } from './rpc/guard.js';
import { openDatabase } from './store/database.js';
import { guardRetention } from './store/retention.js';
import { SettingsStore } from './store/settings.js';
import { StartStore } from './store/starts.js';

const config = readConfig();
const logger = createLogger('guard', config.LOG_LEVEL);

async function main(): Promise<void> {
  // One pool for Prisma and the named statements (store/starts.ts). What guard does by itself
  // (checking the admit function, the conversion consumer) runs only named statements, so
  // Prisma's query compiler is loaded by the first admin call, never by an idle process.
  const pool = schemaPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 10);
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA, pool);
  const starts = new StartStore(db, pool);
  // The migrations install it (schema-objects.ts); without them every start would fail later.
  if (!(await starts.installed())) {
    throw new Error(`guard's admit function is missing from schema ${config.DATABASE_SCHEMA}: run the migrations`);
  }
  const events = await startEventPublisher({
    name: 'guard',
    nats: busAccess(config, 'guard'),
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    logger,
  });
  const billing = createGrpcClient(
    loadBillingProto().otp.billing.v1.Billing,
    config.BILLING_ADDR,
    config.GRPC_DEADLINE_MS,
  );
  const deps: GuardDeps = {
    starts,
    settings: new SettingsStore(db),
    billing,
    clock: systemClock,
    logger,
    wakeRelay: () => events.relay.wake(),
  };
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    admission: { maxInFlight: config.RPC_MAX_IN_FLIGHT, queueMs: config.RPC_QUEUE_MS },
    services: [
      {
        name: 'otp.guard.v1.Guard',
        definition: loadGuardProto().otp.guard.v1.Guard.service,
        implementation: guardHandlers(deps, logger),
      },
    ],
  });
  const consumer = await startConversionConsumer(events.bus, deps, logger, redeliveryOf(config));
  const retention = startRetention(config, logger, [
    events.outboxRetention(config.OUTBOX_RETENTION_HOURS),
    ...guardRetention(pool, config.RETENTION_DAYS),
  ]);
  server.setServing(true);
  announceReady(logger, { grpc: server.port });

  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => server.setServing(false),
    () => server.stop(),
    () => consumer.stop(),
    () => retention.stop(),
    () => events.close(),
    () => billing.close(),
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
