import type { SubmitSmOptions } from 'smpp';
import type { CarrierBindStatus, CarrierSessionReset, Logger } from '@otp/platform';
import { BindPace } from '../domain/bind-pace.js';
import type { BindHealth } from '../domain/carrier-health.js';
import { BindDownError, type CarrierReceipt } from './carrier.js';
import { SmppLink, type LinkRole } from './smpp-link.js';
import type { ResponsePdu } from './smpp-session.js';

/** One session that submits and takes receipts, or a pair: a transmitter and a receiver (some carriers require it). */
export type BindType = 'transceiver' | 'transmitter_receiver';

export interface BindOptions {
  bindType: BindType;
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  window: number;
  tps: number;
  enquireLinkMs: number;
  reconnectMs: number;
  submitTimeoutMs: number;
  /** How often a throttled bind gives back a window slot and a tenth of its TPS. */
  recoverEveryMs: number;
  logger: Logger;
  onReceipt: (receipt: CarrierReceipt) => Promise<void>;
  onError: (error: string) => void;
  /** A bound session of the bind ended (smpp-link.ts): counted on the metrics. */
  onSessionReset: (reason: CarrierSessionReset) => void;
}

interface Queued {
  pdu: SubmitSmOptions;
  resolve: (pdu: ResponsePdu) => void;
  reject: (error: Error) => void;
}

/**
 * One bind of a carrier, kept bound (smpp-link.ts): a transceiver session, or a transmitter and a
 * receiver. Submits queue here and leave over the transmitting session at the pace the bind
 * allows (window of outstanding submits, TPS); throttling of the bind slows the pace (BindPace).
 * Submits still queued when the session goes down fail as never sent, so they may go elsewhere.
 */
export class SmppBind {
  private readonly transmitter: SmppLink;
  private readonly receiver: SmppLink | undefined;
  private pumpTimer: NodeJS.Timeout | undefined;
  private readonly queue: Queued[] = [];
  private outstanding = 0;
  /** Throttling answers on this bind, a number's own included. */
  private throttleAnswers = 0;
  readonly pace: BindPace;

  constructor(options: BindOptions) {
    this.pace = new BindPace({ window: options.window, tps: options.tps }, options.recoverEveryMs);
    const link = (role: LinkRole, onBoundChange: (bound: boolean) => void) =>
      new SmppLink({
        ...options,
        role,
        answerTimeoutMs: options.submitTimeoutMs,
        logger: options.logger,
        onBoundChange,
      });
    const submitting = (bound: boolean) => (bound ? this.pump() : this.dropQueue());
    if (options.bindType === 'transmitter_receiver') {
      this.transmitter = link('transmitter', submitting);
      this.receiver = link('receiver', () => undefined);
    } else {
      this.transmitter = link('transceiver', submitting);
    }
  }

  get isBound(): boolean {
    return this.transmitter.isBound;
  }

  /** Submits waiting here or awaiting their response: what a new submit queues behind. */
  get load(): number {
    return this.queue.length + this.outstanding;
  }

  health(nowMs: number): BindHealth {
    const receiverDown = this.receiver !== undefined && !this.receiver.isBound;
    return {
      bound: this.isBound,
      throttled: this.pace.throttledRecently(nowMs),
      degraded: this.transmitter.degraded || (this.receiver?.degraded ?? false) || receiverDown,
    };
  }

  start(): void {
    this.transmitter.start();
    this.receiver?.start();
  }

  /** Queues one submit_sm; resolves with the carrier's answer (late or not), rejects when none comes. */
  submit(pdu: SubmitSmOptions): Promise<ResponsePdu> {
    if (!this.isBound) return Promise.reject(new BindDownError('bind is down'));
    return new Promise((resolve, reject) => {
      this.queue.push({ pdu, resolve, reject });
      this.pump();
    });
  }

  /** A throttling answer on this bind: counted, and the bind slows down when it is the carrier's (ThrottleScope). */
  throttled(bindWide: boolean): void {
    this.throttleAnswers += 1;
    if (bindWide) this.pace.onThrottled(Date.now());
  }

  status(): CarrierBindStatus {
    const limits = this.pace.current(Date.now());
    return {
      bound: this.isBound,
      window_in_use: this.outstanding,
      window: limits.window,
      tps: limits.tps,
      throttles: this.throttleAnswers,
    };
  }

  async close(): Promise<void> {
    clearTimeout(this.pumpTimer);
    this.dropQueue();
    await Promise.all([this.transmitter.close(), this.receiver?.close()]);
  }

  /** Sends what the window and the TPS allow now; comes back when a slot frees or time passes. */
  private pump(): void {
    clearTimeout(this.pumpTimer);
    this.pumpTimer = undefined;
    while (this.queue.length > 0 && this.isBound) {
      const now = Date.now();
      if (this.outstanding >= this.pace.current(now).window) return; // an answer frees a slot
      const wait = this.pace.takeSlot(now);
      if (wait > 0) {
        this.pumpTimer = setTimeout(() => this.pump(), Math.ceil(wait));
        return;
      }
      const item = this.queue.shift()!;
      this.outstanding += 1;
      this.transmitter
        .request('submit_sm', { ...item.pdu })
        .then(item.resolve, item.reject)
        .finally(() => {
          this.outstanding -= 1;
          this.pump();
        });
    }
  }

  /** Never sent: the caller may send them elsewhere. */
  private dropQueue(): void {
    for (const item of this.queue.splice(0)) item.reject(new BindDownError('bind is down'));
  }
}
