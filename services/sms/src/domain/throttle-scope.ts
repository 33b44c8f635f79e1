// Whose a throttling answer (ESME_RTHROTTLED, ESME_RMSGQFUL) is: the carrier's, when it refuses
// traffic (two different numbers refused within one recovery step: the bind then slows,
// bind-pace.ts), or one number's, refused again and again on its own (only its messages back
// off, destination-backoff.ts; the bind keeps its pace). Pure: the caller passes the time.

export class ThrottleScope {
  private last: { destination: string; at: number } | undefined;

  constructor(private readonly windowMs: number) {}

  /** A throttling answer for a submit to `destination`: true when it is the carrier's (slow the bind). */
  bindWide(destination: string, nowMs: number): boolean {
    const last = this.last;
    this.last = { destination, at: nowMs };
    return last !== undefined && last.destination !== destination && nowMs - last.at < this.windowMs;
  }
}
