// Per-destination back-off at one carrier: a carrier that throttles one number (ESME_RTHROTTLED or
// ESME_RMSGQFUL for it while others go through) is asked again for that number after a wait that
// doubles with each refusal, from `firstMs` up to 16 times that, and at once after an acceptance.
// Messages to that number wait it out without a submit; the bind's own pace (bind-pace.ts) is
// another matter. Pure: the caller passes the time.

/** The longest wait, as a multiple of the first. */
const MAX_FACTOR = 16;
/** Destinations remembered at most; past it the ones whose wait ended longest ago go first. */
const MAX_TRACKED = 10_000;

export class DestinationBackoff {
  private readonly waits = new Map<string, { refusals: number; until: number }>();

  constructor(private readonly firstMs: number) {}

  /** A throttling answer for `destination`: answers how long its messages now wait, in ms. */
  throttled(destination: string, nowMs: number): number {
    const last = this.waits.get(destination);
    // A refusal long after the last wait ended starts the doubling again.
    const fresh = !last || nowMs - last.until > this.firstMs * MAX_FACTOR;
    const refusals = fresh ? 1 : last.refusals + 1;
    const wait = this.firstMs * Math.min(MAX_FACTOR, 2 ** (refusals - 1));
    this.waits.delete(destination);
    this.waits.set(destination, { refusals, until: nowMs + wait });
    if (this.waits.size > MAX_TRACKED) this.forgetOne(nowMs);
    return wait;
  }

  accepted(destination: string): void {
    this.waits.delete(destination);
  }

  /** How long a message to `destination` still waits before it may be submitted (0: now). */
  waitMs(destination: string, nowMs: number): number {
    const wait = this.waits.get(destination);
    return wait ? Math.max(0, wait.until - nowMs) : 0;
  }

  private forgetOne(nowMs: number): void {
    for (const [destination, wait] of this.waits) {
      if (wait.until <= nowMs) {
        this.waits.delete(destination);
        return;
      }
    }
    const oldest = this.waits.keys().next();
    if (!oldest.done) this.waits.delete(oldest.value);
  }
}
