// How fast one bind may submit: at most `window` submits awaiting their response and at most
// `tps` submits a second. Throttling of the bind (throttle-scope.ts: the carrier's, not one
// number's) halves both at once; every `recoverEveryMs` without one gives back a window slot and a tenth of the TPS, until
// the configured limits are reached again (additive increase, multiplicative decrease, as TCP
// does and as SMSC operators expect of a polite client). Pure: the caller passes the time.

export interface BindLimits {
  window: number;
  tps: number;
}

export class BindPace {
  private window: number;
  private tps: number;
  private lastStepAt = 0;
  private lastThrottleAt = Number.NEGATIVE_INFINITY;
  private nextSlotAt = 0;
  /** Throttling answers received since the bind was made. */
  throttles = 0;

  constructor(
    private readonly limits: BindLimits,
    private readonly recoverEveryMs: number,
  ) {
    this.window = limits.window;
    this.tps = limits.tps;
  }

  onThrottled(nowMs: number): void {
    this.settle(nowMs);
    this.throttles += 1;
    this.window = Math.max(1, Math.floor(this.window / 2));
    this.tps = Math.max(1, Math.floor(this.tps / 2));
    this.lastThrottleAt = nowMs;
    this.lastStepAt = nowMs;
  }

  /** The limits in force now. */
  current(nowMs: number): BindLimits {
    this.settle(nowMs);
    return { window: this.window, tps: this.tps };
  }

  /** A throttling answer came within the last recovery step: the carrier wants less now. */
  throttledRecently(nowMs: number): boolean {
    return nowMs - this.lastThrottleAt < this.recoverEveryMs;
  }

  /**
   * Takes the next submit slot if the TPS allows one now (0), else says how long to wait (ms).
   * The window is the caller's to count: it knows what is outstanding.
   *
   * Slots follow their schedule, not the moment they were taken: a slot taken late (its timer
   * fired late on a busy event loop) is followed by the next one an interval after its due time.
   * Counting from the moment taken lost every timer's lateness, and a bind set to 200 a second
   * submitted about 150 under load. Only a slot taken less than an interval late keeps the
   * schedule; later than that (the bind was idle) the schedule starts again from now, so idle
   * time is never saved up for a burst: whatever the calls, no second holds more than `tps + 1`
   * slots (a property test checks both).
   */
  takeSlot(nowMs: number): number {
    this.settle(nowMs);
    if (nowMs < this.nextSlotAt) return this.nextSlotAt - nowMs;
    const interval = 1000 / this.tps;
    this.nextSlotAt = (nowMs - this.nextSlotAt < interval ? this.nextSlotAt : nowMs) + interval;
    return 0;
  }

  private settle(nowMs: number): void {
    while (nowMs - this.lastStepAt >= this.recoverEveryMs) {
      if (this.window >= this.limits.window && this.tps >= this.limits.tps) {
        this.lastStepAt = nowMs;
        return;
      }
      this.window = Math.min(this.limits.window, this.window + 1);
      this.tps = Math.min(this.limits.tps, this.tps + Math.max(1, Math.floor(this.limits.tps / 10)));
      this.lastStepAt += this.recoverEveryMs;
    }
  }
}
