import { readFile } from 'node:fs/promises';
import {
  announceReady,
  createLogger,
  exitOnStartFailure,
  schemaPool,
  startGrpcServer,
  startRetention,
  stopOnSignals,
  systemClock,
} from '@otp/platform';
import { loadBillingProto } from '@otp/proto';
import { readConfig } from './config.js';
import { priceListVersion, rateCardFile } from './domain/rate-card.js';
import { billingHandlers } from './rpc/billing.js';
import { openDatabase } from './store/database.js';
import { Ledger } from './store/ledger.js';
import { loadFees, loadRateCard, syncRateCard } from './store/prices.js';
import { billingRetention } from './store/retention.js';

const config = readConfig();
const logger = createLogger('billing', config.LOG_LEVEL);

async function main(): Promise<void> {
  // One pool: Prisma's adapter and the named statements (store/money-statements.ts) share it.
  // What billing does by itself (this start-up, the retention pass) runs only named statements,
  // so Prisma's query compiler is loaded by the first admin call, never by an idle process.
  const pool = schemaPool(config.DATABASE_URL, config.DATABASE_SCHEMA, 10);
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA, pool);
  const shipped = rateCardFile.parse(JSON.parse(await readFile(config.RATE_CARD_PATH, 'utf8')));
  await syncRateCard(pool, shipped.rates);
  const rates = await loadRateCard(pool);
  const fees = await loadFees(pool);
  const prices = { rates, verifyFeeCents: fees.verifyCents, messengerFeeCents: fees.messengerCents };

  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    admission: { maxInFlight: config.RPC_MAX_IN_FLIGHT, queueMs: config.RPC_QUEUE_MS },
    services: [
      {
        name: 'otp.billing.v1.Billing',
        definition: loadBillingProto().otp.billing.v1.Billing.service,
        implementation: billingHandlers({
          ledger: new Ledger(db, pool, systemClock),
          prices,
          pricesVersion: priceListVersion(prices),
          logger,
        }),
      },
    ],
  });
  server.setServing(true);
  const retention = startRetention(config, logger, billingRetention(pool, config.RETENTION_DAYS));
  announceReady(logger, { grpc: server.port }, { rates: rates.length });

  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => server.setServing(false),
    () => server.stop(),
    () => retention.stop(),
    () => db.$disconnect(),
  ]);
}

main().catch(exitOnStartFailure(logger));
