import type { Logger } from '@otp/platform';
import { RESOURCE_ORDER_WAIT_MS } from '../domain/event.js';
import type { ClaimedDelivery, Deliveries } from '../store/deliveries.js';

/**
 * Runs due deliveries from the database (never from NATS redelivery), at most `maxInFlight` at
 * once and at most `maxPerHost` per endpoint, so one slow or dead endpoint holds only its own
 * slots. It claims whenever a slot frees up or a new delivery is stored, and polls otherwise
 * (retries come due by time).
 */
export class DeliveryLoop {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly perHost = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly options: {
      deliveries: Deliveries;
      attempt: (delivery: ClaimedDelivery) => Promise<void>;
      logger: Logger;
      maxInFlight: number;
      maxPerHost: number;
      pollIntervalMs: number;
      leaseMs: number;
    },
  ) {}

  start(): void {
    this.wake();
  }

  /** Claim now instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.claiming = this.claim().finally(() => {
      this.claiming = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
      }
    });
  }

  /** Stops claiming and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.claiming;
    await Promise.allSettled([...this.inFlight]);
  }

  private async claim(): Promise<void> {
    const free = this.options.maxInFlight - this.inFlight.size;
    if (free <= 0) return;
    let claimed: ClaimedDelivery[];
    try {
      claimed = await this.options.deliveries.claimDue({
        free,
        perHost: this.options.maxPerHost,
        busy: this.perHost,
        leaseMs: this.options.leaseMs,
        orderWaitMs: RESOURCE_ORDER_WAIT_MS,
      });
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not claim due deliveries, will retry');
      return;
    }
    for (const delivery of claimed) this.launch(delivery);
  }

  private launch(delivery: ClaimedDelivery): void {
    this.perHost.set(delivery.host, (this.perHost.get(delivery.host) ?? 0) + 1);
    const task = this.options
      .attempt(delivery)
      .catch((error: unknown) => {
        // Not recorded (e.g. the database was away): the lease runs out and it is tried again.
        this.options.logger.error({ err: error, delivery_id: delivery.id }, 'webhook attempt could not be recorded');
      })
      .finally(() => {
        this.inFlight.delete(task);
        const left = (this.perHost.get(delivery.host) ?? 1) - 1;
        if (left > 0) this.perHost.set(delivery.host, left);
        else this.perHost.delete(delivery.host);
        this.wake();
      });
    this.inFlight.add(task);
  }
}
