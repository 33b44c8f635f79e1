/**
 * Admission control: at most `maxInFlight` calls run at once; the next ones wait in a FIFO queue
 * for at most `queueMs` (never past the caller's own deadline) and are then refused. Refusing at
 * the door is what keeps an overloaded service honest: a refused call did nothing, while a call
 * admitted into an overloaded process would start holds and sends it could not finish in time.
 */
export interface AdmissionLimits {
  maxInFlight: number;
  queueMs: number;
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

export class AdmissionGate {
  private inFlight = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly limits: AdmissionLimits) {}

  get running(): number {
    return this.inFlight;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Resolves with a release function once the call may run, or with undefined when it was not
   * admitted in time (the caller answers "unavailable, retry later"). `deadline` is the caller's,
   * in ms since the epoch; `signal` withdraws a waiting call (its client hung up).
   */
  enter(deadline?: number, signal?: AbortSignal): Promise<(() => void) | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    const now = this.tryEnter();
    if (now) return Promise.resolve(now);
    const waitMs = Math.min(this.limits.queueMs, deadline === undefined ? Infinity : deadline - Date.now());
    if (waitMs <= 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const withdraw = () => {
        clearTimeout(waiter.timer);
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        resolve(undefined);
      };
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', withdraw);
          this.inFlight += 1;
          resolve(this.releaser());
        },
        timer: setTimeout(withdraw, waitMs),
      };
      signal?.addEventListener('abort', withdraw, { once: true });
      this.queue.push(waiter);
    });
  }

  /**
   * The release function when the call may run at once (a free place and nobody waiting before
   * it), else undefined: the caller then waits with `enter`. Nearly every call takes this path, so
   * it makes no promise, timer or abort signal.
   */
  tryEnter(): (() => void) | undefined {
    if (this.inFlight >= this.limits.maxInFlight || this.queue.length > 0) return undefined;
    this.inFlight += 1;
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      const next = this.queue.shift();
      if (next) next.admit();
    };
  }
}
