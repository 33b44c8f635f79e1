import type { Logger } from './logging.js';

export type StopStep = () => Promise<void> | void;

/**
 * Runs the stop steps in order on SIGTERM/SIGINT (stop taking work, drain, close connections),
 * bounded by `graceMs`, then exits: 0 when every step finished, 1 otherwise.
 */
export function stopOnSignals(logger: Logger, graceMs: number, steps: StopStep[]): void {
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const timer = setTimeout(() => {
      logger.error({ grace_ms: graceMs }, 'stop took too long, exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    let code = 0;
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        code = 1;
        logger.error({ err: error }, 'stop step failed');
      }
    }
    logger.info('stopped');
    process.exit(code);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** Logs and exits on a failure during start-up, so an orchestrator sees the crash. */
export function exitOnStartFailure(logger: Logger) {
  return (error: unknown): never => {
    logger.fatal({ err: error }, 'failed to start');
    process.exit(1);
  };
}
