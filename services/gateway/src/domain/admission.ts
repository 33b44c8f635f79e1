/**
 * Bounded in-flight work with a FIFO queue (MAX_IN_FLIGHT, ADMISSION_QUEUE_MS). Pure bookkeeping:
 * the caller owns the timers and decides what "admit" means; a waiter that times out withdraws.
 * A slot freed while someone waits passes straight to the oldest waiter, so a newcomer can never
 * overtake the queue.
 */
export class AdmissionLimit<Waiter> {
  private inFlight = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly maxInFlight: number) {
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new Error('maxInFlight must be a positive integer');
  }

  get running(): number {
    return this.inFlight;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Takes a slot at once when one is free and nobody waits; false means: queue or refuse. */
  tryEnter(): boolean {
    if (this.inFlight >= this.maxInFlight || this.waiting.length > 0) return false;
    this.inFlight++;
    return true;
  }

  enqueue(waiter: Waiter): void {
    this.waiting.push(waiter);
  }

  /** A waiter gave up (deadline, client gone); false when it had already been admitted. */
  withdraw(waiter: Waiter): boolean {
    const index = this.waiting.indexOf(waiter);
    if (index === -1) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  /** Frees a slot; returns the waiter that now holds it (admit it), if any. */
  leave(): Waiter | undefined {
    const next = this.waiting.shift();
    if (next === undefined) this.inFlight = Math.max(0, this.inFlight - 1);
    return next;
  }
}
