import type { Logger } from './logging.js';

/**
 * The one line a service prints when it serves, whatever the log level: the launcher (npm start,
 * the suites) waits for it and reads the bound ports from it.
 */
export function announceReady(
  logger: Logger,
  ports: Record<string, number>,
  details: Record<string, unknown> = {},
): void {
  const line = {
    level: 'info',
    time: new Date().toISOString(),
    service: logger.bindings().service,
    ...details,
    ports,
    msg: 'ready',
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
