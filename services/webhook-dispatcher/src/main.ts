import {
  busAccess,
  announceReady,
  connectBus,
  createLogger,
  exitOnStartFailure,
  observeConsumer,
  schemaPool,
  startGrpcServer,
  startRetention,
  STREAMS,
  stopOnSignals,
  systemClock,
} from '@otp/platform';
import { loadWebhooksProto } from '@otp/proto';
import { readConfig } from './config.js';
import { Attempts } from './delivery/attempt.js';
import { deliveryAgent } from './delivery/connect-guard.js';
import { DeliveryLoop } from './delivery/loop.js';
import { INTAKE_CONSUMER, startIntake } from './events/intake.js';
import { webhooksHandlers } from './rpc/webhooks.js';
import { openDatabase } from './store/database.js';
import { Deliveries } from './store/deliveries.js';
import { webhookRetention } from './store/retention.js';
import { Secrets } from './store/secrets.js';

const config = readConfig();
const logger = createLogger('webhook-dispatcher', config.LOG_LEVEL);

// A claimed delivery is leased for one attempt plus time to record it; a process that dies
// mid-attempt leaves it due again when the lease ends.
const LEASE_MARGIN_MS = 5000;

async function main(): Promise<void> {
  // One pool for Prisma (admin paths) and the named statements (store/delivery-statements.ts): the
  // intake, the delivery loop and retention never go through Prisma.
  const pool = schemaPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 10);
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA, pool);
  const deliveries = new Deliveries(db, pool);
  const secrets = new Secrets(db, pool, Buffer.from(config.WEBHOOK_SECRET_KEY, 'hex'));
  // Before serving: a wrong key stops the start here; plain rows from before sealing get sealed.
  const { sealed } = await secrets.prepare();
  if (sealed > 0) logger.info({ sealed }, 'webhook signing secrets sealed at rest');
  const agent = deliveryAgent({
    allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    connectTimeoutMs: config.ATTEMPT_TIMEOUT_MS,
  });
  const attempts = new Attempts({
    deliveries,
    secrets,
    agent,
    clock: systemClock,
    logger,
    settings: {
      timeoutMs: config.ATTEMPT_TIMEOUT_MS,
      snippetBytes: config.RESPONSE_SNIPPET_BYTES,
      retryScale: config.RETRY_DELAY_SCALE,
    },
  });
  const loop = new DeliveryLoop({
    deliveries,
    attempt: (delivery) => attempts.run(delivery),
    logger,
    maxInFlight: config.MAX_IN_FLIGHT,
    maxPerHost: config.MAX_IN_FLIGHT_PER_HOST,
    pollIntervalMs: config.POLL_INTERVAL_MS,
    leaseMs: config.ATTEMPT_TIMEOUT_MS + LEASE_MARGIN_MS,
  });

  const bus = await connectBus(busAccess(config, 'webhook-dispatcher'), 'webhook-dispatcher', logger);
  const intake = await startIntake(bus, { deliveries, logger, stored: () => loop.wake() });
  loop.start();
  observeConsumer(STREAMS.events.name, INTAKE_CONSUMER, async () => {
    const info = await bus.jsm.consumers.info(STREAMS.events.name, INTAKE_CONSUMER);
    return { pending: info.num_pending, ackPending: info.num_ack_pending };
  });

  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    admission: { maxInFlight: config.RPC_MAX_IN_FLIGHT, queueMs: config.RPC_QUEUE_MS },
    services: [
      {
        name: 'otp.webhooks.v1.Webhooks',
        definition: loadWebhooksProto().otp.webhooks.v1.Webhooks.service,
        implementation: webhooksHandlers({ secrets, deliveries, logger }),
      },
    ],
  });
  server.setServing(true);
  const retention = startRetention(config, logger, webhookRetention(pool, config.RETENTION_DAYS));
  announceReady(logger, { grpc: server.port }, { allow_private_targets: config.ALLOW_PRIVATE_TARGETS });

  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => server.setServing(false),
    () => intake.stop(),
    () => loop.stop(),
    () => server.stop(),
    () => retention.stop(),
    () => bus.close(),
    () => agent.close(),
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
