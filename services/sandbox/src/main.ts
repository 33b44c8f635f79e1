import type { Server } from 'node:http';
import express from 'express';
import { announceReady, createLogger, exitOnStartFailure, stopOnSignals } from '@otp/platform';
import { readConfig } from './config.js';
import { inboxRoutes } from './http/inbox-routes.js';
import { plainPathsOnly } from './http/plain-paths.js';
import { SimulatedCarriers } from './carrier/simulated-carriers.js';
import { SubmitLog } from './carrier/submit-log.js';
import { carrierRoutes } from './http/carrier-routes.js';
import { Inbox } from './inbox/inbox.js';
import { REQUEST_COST_CENTS } from './messenger-provider/requests.js';
import { messengerProviderRoutes } from './messenger-provider/routes.js';
import { ProviderUsage } from './messenger-provider/usage.js';
import { providerUsageRoutes } from './http/provider-usage-routes.js';

const config = readConfig();
const logger = createLogger('sandbox', config.LOG_LEVEL);

async function main(): Promise<void> {
  const inbox = new Inbox(config.INBOX_LIMIT);
  const app = express();
  app.disable('x-powered-by');
  app.use(plainPathsOnly);
  app.use(inboxRoutes(inbox));
  const usage = new ProviderUsage(REQUEST_COST_CENTS);
  app.use(providerUsageRoutes(usage));
  const messengerProvider = messengerProviderRoutes({
    inbox,
    usage,
    token: config.MESSENGER_API_TOKEN,
    reportDelayMs: config.MESSENGER_REPORT_DELAY_MS,
    slowAnswerMs: config.MESSENGER_SLOW_ANSWER_MS,
    logger,
  });
  app.use('/messenger-api', messengerProvider.router);
  const submits = new SubmitLog();
  const carriers = new SimulatedCarriers({
    systemId: config.SMPP_SYSTEM_ID,
    password: config.SMPP_PASSWORD,
    inbox,
    logger,
  });
  app.use(carrierRoutes(submits, carriers));

  const http = await new Promise<Server>((resolve) => {
    const server = app.listen(config.HTTP_PORT, config.HOST, () => resolve(server));
  });
  const httpPort = (http.address() as { port: number }).port;

  const smppPort = await carriers.start(
    { name: 'sandbox', host: config.HOST, port: config.SMPP_PORT, endingTable: true, decimalReceiptIds: false },
    submits,
  );
  for (const extra of config.SMPP_CARRIERS) {
    await carriers.start({
      name: extra.name,
      host: config.HOST,
      port: extra.port,
      endingTable: false,
      decimalReceiptIds: extra.decimal_receipt_ids,
    });
  }

  announceReady(logger, { http: httpPort, smpp: smppPort });
  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => messengerProvider.stop(),
    () => new Promise<void>((resolve) => http.close(() => resolve())),
    // Open SMPP sessions would keep close() waiting: down() ends them first.
    () => carriers.stop(),
  ]);
}

main().catch(exitOnStartFailure(logger));
