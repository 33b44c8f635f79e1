import type { Logger } from './logging.js';

/**
 * Runs `pass` again `intervalMs` after the previous pass ended, so passes never overlap; a failed
 * pass is logged and the next one runs as usual. `stop()` cancels the next pass and waits for the
 * one in progress. The timers that move state along without anyone asking (expiry, fallback,
 * refund retries) are built on it.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly options: { name: string; intervalMs: number; logger: Logger; pass: () => Promise<void> },
  ) {}

  /** True once stop() was called: a long pass checks it between items. */
  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.options
        .pass()
        .catch((error: unknown) =>
          this.options.logger.warn({ err: error, task: this.options.name }, 'pass failed, will retry'),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.options.intervalMs);
  }
}
