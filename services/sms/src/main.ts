import { loadBillingProto, loadSmsProto } from '@otp/proto';
import {
  busAccess,
  announceReady,
  createGrpcClient,
  createLogger,
  exitOnStartFailure,
  SealedBox,
  schemaPool,
  serveWhenPeersReady,
  startEventPublisher,
  startGrpcServer,
  startRetention,
  stopOnSignals,
  systemClock,
  WritesInProgress,
  PriceLists,
  observeCarriers,
} from '@otp/platform';
import { Carriers } from './carrier/carriers.js';
import { readCarriersFile, singleCarrierPlan } from './carrier/carriers-file.js';
import { readConfig } from './config.js';
import { startDeliveryWorker } from './events/delivery-worker.js';
import { provisionOutboundQueue } from './events/outbound-queue.js';
import { smsHandlers } from './rpc/sms.js';
import { openDatabase } from './store/database.js';
import { Messages } from './store/messages.js';
import { DeliveryReceipts } from './store/receipts.js';
import { ReceiptMatching, recordReceipt } from './operations/delivery-receipts.js';
import { KeptMessages } from './store/kept-messages.js';
import { SendRecovery } from './operations/recovery.js';
import { SendContexts } from './store/send-context.js';
import { SendIntents } from './store/send-intents.js';
import { smsRetention } from './store/retention.js';
import { SenderIds } from './store/sender-ids.js';
import { SmsSettingsStore } from './store/settings.js';

const config = readConfig();
const logger = createLogger('sms', config.LOG_LEVEL);

async function main(): Promise<void> {
  const clock = systemClock;
  // One pool for Prisma (admin paths) and the named statements (store/message-statements.ts): what
  // the service runs by itself (recovery, receipts, the worker, retention) never goes through Prisma.
  const pool = schemaPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 10);
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA, pool);
  const events = await startEventPublisher({
    name: 'sms',
    nats: busAccess(config, 'sms'),
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
  // Verify's SMS texts (they hold a code) are sealed at rest under this key.
  const bodies = new SealedBox(Buffer.from(config.SMS_BODY_KEY, 'hex'), 'otp sms body seal');
  const messages = new Messages(db, pool);
  const intents = new SendIntents(pool);
  const receipts = new DeliveryReceipts(pool);
  const sendContexts = new SendContexts(pool);

  const onEvent = () => relay.wake();
  // Shared by the worker (its writes of carrier ids) and the binds (receipts waiting for them).
  const idWrites = new WritesInProgress();
  const kept = new KeptMessages(config.SMS_KEPT_COPIES);
  const receiptDeps = { receipts, clock, logger, onEvent, idWrites, kept };
  const plan = config.SMS_CARRIERS_FILE
    ? readCarriersFile(config.SMS_CARRIERS_FILE)
    : singleCarrierPlan({
        name: config.SMPP_CARRIER_NAME,
        host: config.SMPP_HOST,
        port: config.SMPP_PORT,
        systemId: config.SMPP_SYSTEM_ID,
        password: config.SMPP_PASSWORD,
        systemType: config.SMPP_SYSTEM_TYPE,
        binds: config.SMPP_BINDS,
        bindType: config.SMPP_BIND_TYPE,
        window: config.SMPP_WINDOW,
        tps: config.SMPP_TPS,
        dataCoding: config.SMPP_DATA_CODING,
        idFormats: {
          submit: config.SMPP_ID_FORMAT,
          receiptText: config.SMPP_RECEIPT_TEXT_ID_FORMAT ?? config.SMPP_ID_FORMAT,
        },
        enquireLinkMs: config.SMPP_ENQUIRE_LINK_MS,
        reconnectMs: config.SMPP_RECONNECT_MS,
        submitTimeoutMs: config.SMPP_SUBMIT_TIMEOUT_MS,
      });
  const carriers = new Carriers(plan, {
    recoverEveryMs: config.SMPP_THROTTLE_RECOVER_MS,
    destinationBackoffMs: config.SMS_THROTTLE_RETRY_MS,
    logger,
    onReceipt: (carrier, receipt) => recordReceipt(receiptDeps, carrier, receipt),
  });
  carriers.start();
  observeCarriers(() => carriers.statuses());
  const receiptMatching = new ReceiptMatching(receiptDeps, config.SMS_RECEIPT_PASS_MS);
  receiptMatching.start();

  const worker = await startDeliveryWorker({
    js: bus.js,
    messages,
    receipts,
    billing,
    carriers,
    clock,
    logger,
    retryBaseMs: config.SMS_RETRY_BASE_MS,
    throttleRetryMs: config.SMS_THROTTLE_RETRY_MS,
    maxAgeMs: config.SMS_MAX_AGE_MS,
    ackWaitMs: config.SMS_ACK_WAIT_MS,
    concurrency: config.SMS_WORKER_CONCURRENCY,
    onEvent,
    bodies,
    idWrites,
    kept,
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
          senderIds: new SenderIds(db, sendContexts),
          settings: new SmsSettingsStore(db, sendContexts),
          sendContexts,
          prices: new PriceLists(billing),
          billing,
          js: bus.js,
          clock,
          logger,
          queueTimeoutMs: config.SMS_QUEUE_TIMEOUT_MS,
          bodies,
          carriers,
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
  const retention = startRetention(config, logger, [
    events.outboxRetention(config.OUTBOX_RETENTION_HOURS),
    ...smsRetention(pool, config.RETENTION_DAYS),
  ]);
  announceReady(logger, { grpc: server.port });

  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => server.setServing(false),
    () => server.stop(),
    () => recovery.stop(),
    () => retention.stop(),
    () => worker.stop(),
    () => receiptMatching.stop(),
    () => carriers.close(),
    () => events.close(),
    () => billing.close(),
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
