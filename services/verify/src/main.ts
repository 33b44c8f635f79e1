import {
  busAccess,
  announceReady,
  createLogger,
  exitOnStartFailure,
  poolRunner,
  PriceLists,
  redeliveryOf,
  SettingsCache,
  schemaPool,
  serveWhenPeersReady,
  startEventPublisher,
  startGrpcServer,
  startRetention,
  stopOnSignals,
  systemClock,
  WritesInProgress,
} from '@otp/platform';
import { loadVerifyProto } from '@otp/proto';
import { readConfig } from './config.js';
import { startChannelStatusConsumer } from './events/channel-status.js';
import type { FlowDeps } from './operations/deps.js';
import { StartRecovery } from './operations/recovery.js';
import { VerificationTimer } from './operations/timer.js';
import { connectPeers } from './peers.js';
import { verifyHandlers } from './rpc/verify.js';
import { CodeVault } from './secrets/code-vault.js';
import { openDatabase } from './store/database.js';
import { verifyRetention } from './store/retention.js';
import { StartIntentStore } from './store/start-intents.js';
import { KeptVerifications } from './store/kept-verifications.js';
import { VerificationStore } from './store/verifications.js';

const config = readConfig();
const logger = createLogger('verify', config.LOG_LEVEL);

async function main(): Promise<void> {
  // One pool: Prisma (admin paths) and the named statements of everything else share it.
  const pool = schemaPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 10);
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA, pool);
  const events = await startEventPublisher({
    name: 'verify',
    nats: busAccess(config, 'verify'),
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    logger,
  });
  const { bus, relay } = events;
  const peers = connectPeers(
    { billing: config.BILLING_ADDR, sms: config.SMS_ADDR, messenger: config.MESSENGER_ADDR },
    config.GRPC_DEADLINE_MS,
  );

  // The copy of each pending verification as this process last wrote it (checks decide on it).
  const kept = new KeptVerifications(config.VERIFY_KEPT_COPIES);
  const deps: FlowDeps = {
    db,
    statements: poolRunner(pool),
    settings: new SettingsCache(),
    prices: new PriceLists(peers.billing),
    smsSenders: new SettingsCache(),
    store: new VerificationStore(pool, kept),
    intents: new StartIntentStore(pool, kept),
    peers,
    vault: new CodeVault(Buffer.from(config.VERIFY_CODE_KEY, 'hex')),
    clock: systemClock,
    logger,
    timeScale: config.VERIFY_TIME_SCALE,
    // A held verification may wait on up to three peer calls (SMS send, messenger settle, refund).
    lockTimeoutMs: config.GRPC_DEADLINE_MS * 3 + 1000,
    recoveryAfterMs: config.RECOVERY_AFTER_MS,
    recoveryIntervalMs: config.RECOVERY_INTERVAL_MS,
    wakeRelay: () => relay.wake(),
    startWrites: new WritesInProgress(),
  };

  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    admission: { maxInFlight: config.RPC_MAX_IN_FLIGHT, queueMs: config.RPC_QUEUE_MS },
    services: [
      {
        name: 'otp.verify.v1.Verify',
        definition: loadVerifyProto().otp.verify.v1.Verify.service,
        implementation: verifyHandlers(deps, logger),
      },
    ],
  });
  const consumer = await startChannelStatusConsumer(bus, deps, logger, redeliveryOf(config));
  const timer = new VerificationTimer(deps, config.VERIFY_TIMER_INTERVAL_MS);
  timer.start();
  const recovery = new StartRecovery(deps);
  await serveWhenPeersReady(server, { billing: peers.billing, sms: peers.sms, messenger: peers.messenger }, logger);
  // After the peers answer: the first pass replays Billing and channel calls.
  recovery.start();
  const retention = startRetention(config, logger, [
    events.outboxRetention(config.OUTBOX_RETENTION_HOURS),
    ...verifyRetention(pool, config.RETENTION_DAYS),
  ]);
  announceReady(logger, { grpc: server.port });

  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => server.setServing(false),
    () => server.stop(),
    () => timer.stop(),
    () => recovery.stop(),
    () => retention.stop(),
    () => consumer.stop(),
    () => events.close(),
    () => peers.close(),
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
