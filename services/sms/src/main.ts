import { loadBillingProto, loadSmsProto } from '@otp/proto';
import {
  announceReady,
  createGrpcClient,
  createLogger,
  exitOnStartFailure,
  serveWhenPeersReady,
  startEventPublisher,
  startGrpcServer,
  stopOnSignals,
  systemClock,
} from '@otp/platform';
import { SmppCarrier } from './carrier/smpp-carrier.js';
import { readConfig } from './config.js';
import { startDeliveryWorker } from './events/delivery-worker.js';
import { provisionOutboundQueue } from './events/outbound-queue.js';
import { smsHandlers } from './rpc/sms.js';
import { openDatabase } from './store/database.js';
import { Messages } from './store/messages.js';
import { DeliveryReceipts } from './store/receipts.js';
import { SendRecovery } from './operations/recovery.js';
import { SendContexts } from './store/send-context.js';
import { SendIntents } from './store/send-intents.js';
import { SenderIds } from './store/sender-ids.js';
import { SmsSettingsStore } from './store/settings.js';

const config = readConfig();
const logger = createLogger('sms', config.LOG_LEVEL);

async function main(): Promise<void> {
  const clock = systemClock;
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA);
  const events = await startEventPublisher({
    name: 'sms',
    natsUrl: config.NATS_URL,
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    logger,
  });
  const { bus, relay } = events;
  await provisionOutboundQueue(bus.jsm, config.SMS_ACK_WAIT_MS);

  const billing = createGrpcClient(
    loadBillingProto().otp.billing.v1.Billing,
    config.BILLING_ADDR,
    config.GRPC_DEADLINE_MS,
  );
  const messages = new Messages(db);
  const intents = new SendIntents(db);
  const receipts = new DeliveryReceipts(db);

  const carrier = new SmppCarrier({
    host: config.SMPP_HOST,
    port: config.SMPP_PORT,
    systemId: config.SMPP_SYSTEM_ID,
    password: config.SMPP_PASSWORD,
    enquireLinkMs: config.SMPP_ENQUIRE_LINK_MS,
    reconnectMs: config.SMPP_RECONNECT_MS,
    submitTimeoutMs: config.SMPP_SUBMIT_TIMEOUT_MS,
    logger,
    onReceipt: (receipt) => receipts.record(receipt.carrierMessageId, receipt.state, clock.now()),
  });
  carrier.start();

  const worker = await startDeliveryWorker({
    js: bus.js,
    messages,
    billing,
    carrier,
    clock,
    logger,
    retryBaseMs: config.SMS_RETRY_BASE_MS,
    ackWaitMs: config.SMS_ACK_WAIT_MS,
    concurrency: config.SMS_WORKER_CONCURRENCY,
    onEvent: () => relay.wake(),
  });

  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    admission: { maxInFlight: config.RPC_MAX_IN_FLIGHT, queueMs: config.RPC_QUEUE_MS },
    services: [
      {
        name: 'otp.sms.v1.Sms',
        definition: loadSmsProto().otp.sms.v1.Sms.service,
        implementation: smsHandlers({
          messages,
          intents,
          senderIds: new SenderIds(db),
          settings: new SmsSettingsStore(db),
          sendContexts: new SendContexts(db),
          billing,
          js: bus.js,
          clock,
          logger,
          queueTimeoutMs: config.SMS_QUEUE_TIMEOUT_MS,
        }),
      },
    ],
  });
  await serveWhenPeersReady(server, { billing }, logger);
  const recovery = new SendRecovery({
    intents,
    messages,
    billing,
    js: bus.js,
    clock,
    logger,
    queueTimeoutMs: config.SMS_QUEUE_TIMEOUT_MS,
    afterMs: config.RECOVERY_AFTER_MS,
    intervalMs: config.RECOVERY_INTERVAL_MS,
  });
  recovery.start();
  announceReady(logger, { grpc: server.port });

  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => server.setServing(false),
    () => server.stop(),
    () => recovery.stop(),
    () => worker.stop(),
    () => carrier.close(),
    () => events.close(),
    () => billing.close(),
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
