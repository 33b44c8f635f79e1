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

  /**
   * Schedules the passes. `passNow`: the first pass runs at once instead of after one interval
   * (recovery passes: what a crash left behind is settled as soon as the process is back).
   */
  start(options: { passNow?: boolean } = {}): void {
    this.schedule(options.passNow ? 0 : this.options.intervalMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs = this.options.intervalMs): void {
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
    }, delayMs);
  }
}
