import type { Server } from 'node:http';
import express from 'express';
import { announceReady, createLogger, exitOnStartFailure, stopOnSignals } from '@otp/platform';
import { readConfig } from './config.js';
import { inboxRoutes } from './http/inbox-routes.js';
import { createCarrier } from './carrier/smpp-server.js';
import { SubmitLog } from './carrier/submit-log.js';
import { carrierRoutes } from './http/carrier-routes.js';
import { Inbox } from './inbox/inbox.js';
import { messengerProviderRoutes } from './messenger-provider/routes.js';

const config = readConfig();
const logger = createLogger('sandbox', config.LOG_LEVEL);

async function main(): Promise<void> {
  const inbox = new Inbox(config.INBOX_LIMIT);
  const app = express();
  app.disable('x-powered-by');
  app.use(inboxRoutes(inbox));
  const messengerProvider = messengerProviderRoutes({
    inbox,
    token: config.MESSENGER_API_TOKEN,
    reportDelayMs: config.MESSENGER_REPORT_DELAY_MS,
    logger,
  });
  app.use('/messenger-api', messengerProvider.router);
  const submits = new SubmitLog();
  app.use(carrierRoutes(submits));

  const http = await new Promise<Server>((resolve) => {
    const server = app.listen(config.HTTP_PORT, config.HOST, () => resolve(server));
  });
  const httpPort = (http.address() as { port: number }).port;

  const carrier = createCarrier({
    systemId: config.SMPP_SYSTEM_ID,
    password: config.SMPP_PASSWORD,
    inbox,
    submits,
    logger,
  });
  await new Promise<void>((resolve) => carrier.listen(config.SMPP_PORT, config.HOST, () => resolve()));
  const smppPort = (carrier.address() as { port: number }).port;

  announceReady(logger, { http: httpPort, smpp: smppPort });
  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, [
    () => messengerProvider.stop(),
    () => new Promise<void>((resolve) => http.close(() => resolve())),
    () => {
      // Open SMPP sessions would keep close() waiting: end them first.
      for (const session of [...carrier.sessions]) session.destroy();
      return new Promise<void>((resolve) => carrier.close(() => resolve()));
    },
  ]);
}

main().catch(exitOnStartFailure(logger));
