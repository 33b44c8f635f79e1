import {
  busAccess,
  announceReady,
  createGrpcClient,
  createLogger,
  exitOnStartFailure,
  schemaPool,
  serveWhenPeersReady,
  startEventPublisher,
  startGrpcServer,
  startRetention,
  stopOnSignals,
  systemClock,
} from '@otp/platform';
import { loadBillingProto, loadMessengerProto } from '@otp/proto';
import { readConfig } from './config.js';
import type { MessengerDeps } from './operations/deps.js';
import { ExpiryTimer } from './operations/expiry-timer.js';
import { SendRecovery } from './operations/recovery.js';
import { messengerFeeOnce } from './operations/fee.js';
import { HttpMessengerProvider } from './provider/client.js';
import { messengerHandlers } from './rpc/messenger.js';
import { CodeStore } from './store/codes.js';
import { openDatabase } from './store/database.js';
import { messengerRetention } from './store/retention.js';
import { SettingsStore } from './store/settings.js';

const config = readConfig();
const logger = createLogger('messenger', config.LOG_LEVEL);

async function main(): Promise<void> {
  // One pool: Prisma's adapter and the hot-path statements (store/code-statements.ts) share it.
  const pool = schemaPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 10);
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA, pool);
  const events = await startEventPublisher({
    name: 'messenger',
    nats: busAccess(config, 'messenger'),
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    logger,
  });
  const { relay } = events;

  const billing = createGrpcClient(
    loadBillingProto().otp.billing.v1.Billing,
    config.BILLING_ADDR,
    config.GRPC_DEADLINE_MS,
  );
  const deps: MessengerDeps = {
    codes: new CodeStore(db, pool, () => relay.wake(), config.MESSENGER_KEPT_COPIES),
    settings: new SettingsStore(db, pool),
    provider: new HttpMessengerProvider({
      baseUrl: config.MESSENGER_API_URL,
      token: config.MESSENGER_API_TOKEN,
      timeoutMs: config.MESSENGER_API_TIMEOUT_MS,
    }),
    billing,
    messengerFee: messengerFeeOnce(billing),
    clock: systemClock,
    logger,
    rules: {
      reportUrl: config.MESSENGER_REPORT_URL,
      apiToken: config.MESSENGER_API_TOKEN,
      reportMaxAgeSeconds: config.REPORT_MAX_AGE_SECONDS,
      expiryGraceMs: config.EXPIRY_GRACE_MS,
      minTtlSeconds: config.MIN_TTL_SECONDS,
    },
  };
  const expiry = new ExpiryTimer(deps, config.EXPIRY_SWEEP_INTERVAL_MS);
  expiry.start();

  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    admission: { maxInFlight: config.RPC_MAX_IN_FLIGHT, queueMs: config.RPC_QUEUE_MS },
    services: [
      {
        name: 'otp.messenger.v1.Messenger',
        definition: loadMessengerProto().otp.messenger.v1.Messenger.service,
        implementation: messengerHandlers(deps, logger),
      },
    ],
  });
  await serveWhenPeersReady(server, { billing }, logger);
  const recovery = new SendRecovery(deps, {
    afterMs: config.RECOVERY_AFTER_MS,
    intervalMs: config.RECOVERY_INTERVAL_MS,
  });
  recovery.start();
  const retention = startRetention(config, logger, [
    events.outboxRetention(config.OUTBOX_RETENTION_HOURS),
    ...messengerRetention(pool, config.RETENTION_DAYS),
  ]);
  announceReady(logger, { grpc: server.port });

  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => server.setServing(false),
    () => server.stop(),
    () => recovery.stop(),
    () => retention.stop(),
    () => expiry.stop(),
    () => events.close(),
    () => billing.close(),
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
