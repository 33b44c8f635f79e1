import smpp from 'smpp';
import type { CarrierBindStatus, Logger } from '@otp/platform';
import { BindPace } from '../domain/bind-pace.js';
import { BindDownError, CarrierError } from './carrier.js';
import { parseReceipt } from './receipt-text.js';
import type { CarrierReceipt } from './carrier.js';

/** SMPP 3.4: what we speak, so what the bind says (the library's default is 5.0's 0x50). */
const INTERFACE_VERSION_3_4 = 0x34;

export interface BindOptions {
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
}

interface Queued {
  pdu: smpp.SubmitSmOptions;
  resolve: (pdu: smpp.PDU) => void;
  reject: (error: Error) => void;
}

/**
 * One SMPP 3.4 transceiver session, kept bound: enquire_link while idle, a new connection after
 * any loss. Submits queue here and leave at the pace the bind allows (window of outstanding
 * submits, TPS); a throttling answer slows the pace (BindPace).
 */
export class SmppBind {
  private session: smpp.Session | undefined;
  private bound = false;
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private enquireTimer: NodeJS.Timeout | undefined;
  private pumpTimer: NodeJS.Timeout | undefined;
  private readonly queue: Queued[] = [];
  private outstanding = 0;
  /** Rejecters of the calls waiting for a response on the current session. */
  private readonly pending = new Set<(error: Error) => void>();
  readonly pace: BindPace;

  constructor(private readonly options: BindOptions) {
    this.pace = new BindPace({ window: options.window, tps: options.tps }, options.recoverEveryMs);
  }

  get isBound(): boolean {
    return this.bound;
  }

  /** Submits waiting here or awaiting their response: what a new submit queues behind. */
  get load(): number {
    return this.queue.length + this.outstanding;
  }

  start(): void {
    this.connect();
  }

  /** Queues one submit_sm; resolves with the carrier's response, rejects when none comes. */
  submit(pdu: smpp.SubmitSmOptions): Promise<smpp.PDU> {
    if (!this.bound) return Promise.reject(new BindDownError('bind is down'));
    return new Promise((resolve, reject) => {
      this.queue.push({ pdu, resolve, reject });
      this.pump();
    });
  }

  /** Tells the pace a throttling answer came (the carrier asks us to slow down). */
  throttled(): void {
    this.pace.onThrottled(Date.now());
  }

  status(): CarrierBindStatus {
    const limits = this.pace.current(Date.now());
    return {
      bound: this.bound,
      window_in_use: this.outstanding,
      window: limits.window,
      tps: limits.tps,
      throttles: this.pace.throttles,
    };
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.enquireTimer);
    clearTimeout(this.pumpTimer);
    for (const item of this.queue.splice(0)) item.reject(new BindDownError('bind closing'));
    const session = this.session;
    if (!session) return;
    if (this.bound) {
      await this.request('unbind', (s, callback) => s.unbind({}, callback)).catch(() => undefined);
    }
    await new Promise<void>((resolve) => session.close(() => resolve()));
  }

  /** Sends what the window and the TPS allow now; comes back when a slot frees or time passes. */
  private pump(): void {
    clearTimeout(this.pumpTimer);
    this.pumpTimer = undefined;
    while (this.queue.length > 0 && this.bound) {
      const now = Date.now();
      if (this.outstanding >= this.pace.current(now).window) return; // a response frees a slot
      const wait = this.pace.takeSlot(now);
      if (wait > 0) {
        this.pumpTimer = setTimeout(() => this.pump(), Math.ceil(wait));
        return;
      }
      const item = this.queue.shift()!;
      this.outstanding += 1;
      this.request('submit_sm', (session, callback) => session.submit_sm(item.pdu, callback))
        .then(item.resolve, item.reject)
        .finally(() => {
          this.outstanding -= 1;
          this.pump();
        });
    }
  }

  /** Sends a request on the bound session and waits (bounded) for its response. */
  private request(
    name: string,
    send: (session: smpp.Session, callback: smpp.ResponseCallback) => boolean,
  ): Promise<smpp.PDU> {
    const session = this.session;
    if (!session) return Promise.reject(new CarrierError('no carrier session'));
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.pending.delete(fail);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new CarrierError(`no ${name} response after ${this.options.submitTimeoutMs} ms`)),
        this.options.submitTimeoutMs,
      );
      this.pending.add(fail);
      const written = send(session, (pdu) => {
        clearTimeout(timer);
        this.pending.delete(fail);
        resolve(pdu);
      });
      if (!written) fail(new CarrierError('carrier connection is not writable'));
    });
  }

  private connect(): void {
    const { host, port, logger } = this.options;
    // TCP_NODELAY: a submit_sm (or a deliver_sm_resp) goes out when written. With Nagle's rule a
    // PDU written while the previous one is unacknowledged waits for that ACK, which a carrier may
    // delay (up to 40 ms on Linux, 200 ms elsewhere): a windowed bind would pace itself on ACKs.
    const session = smpp.connect({ host, port, noDelay: true });
    this.session = session;
    session.on('connect', () => {
      session.bind_transceiver(
        {
          system_id: this.options.systemId,
          password: this.options.password,
          system_type: this.options.systemType,
          interface_version: INTERFACE_VERSION_3_4,
        },
        (pdu) => {
          if (pdu.command_status !== smpp.ESME_ROK) {
            this.options.onError(`bind refused (status 0x${pdu.command_status.toString(16).padStart(4, '0')})`);
            logger.error({ host, port, status: pdu.command_status }, 'carrier refused the bind');
            session.destroy();
            return;
          }
          logger.info({ host, port }, 'carrier session bound');
          this.bound = true;
          this.keepAlive(session);
          this.pump();
        },
      );
    });
    session.on('deliver_sm', (pdu) => void this.onDeliverSm(session, pdu));
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('error', (error) => {
      this.options.onError(`connection error: ${error.message}`);
      logger.warn({ host, port, err: error }, 'carrier connection error');
    });
    session.on('close', () => this.onClose(session));
  }

  /** enquire_link on a timer; an unanswered one means a dead link, so the session is dropped. */
  private keepAlive(session: smpp.Session): void {
    clearInterval(this.enquireTimer);
    this.enquireTimer = setInterval(() => {
      if (this.session !== session) return;
      this.request('enquire_link', (s, callback) => s.enquire_link({}, callback)).catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'carrier did not answer enquire_link, reconnecting');
        session.destroy();
      });
    }, this.options.enquireLinkMs);
  }

  private onClose(session: smpp.Session): void {
    if (this.session !== session) return;
    this.bound = false;
    this.session = undefined;
    clearInterval(this.enquireTimer);
    for (const fail of [...this.pending]) fail(new CarrierError('carrier connection lost'));
    // Never sent: the caller may send them elsewhere.
    for (const item of this.queue.splice(0)) item.reject(new BindDownError('bind is down'));
    if (this.closing) return;
    this.reconnectTimer = setTimeout(() => this.connect(), this.options.reconnectMs);
  }

  private async onDeliverSm(session: smpp.Session, pdu: smpp.PDU): Promise<void> {
    const isReceipt = ((pdu.esm_class ?? 0) & smpp.ESM_CLASS.MC_DELIVERY_RECEIPT) !== 0;
    const value = pdu.short_message;
    const text =
      typeof value === 'object' && !Buffer.isBuffer(value)
        ? String(value.message)
        : Buffer.isBuffer(value)
          ? value.toString('latin1')
          : String(value ?? '');
    const receipt = isReceipt
      ? parseReceipt({ text, receiptedMessageId: pdu.receipted_message_id, messageState: pdu.message_state })
      : undefined;
    try {
      if (receipt) await this.options.onReceipt(receipt);
      session.send(pdu.response());
    } catch (error) {
      // Not acknowledged: the carrier sends the receipt again.
      this.options.logger.warn({ err: error }, 'could not record a delivery receipt');
      session.send(pdu.response({ command_status: smpp.ESME_RSYSERR }));
    }
  }
}
