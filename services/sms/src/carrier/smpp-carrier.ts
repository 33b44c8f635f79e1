import smpp from 'smpp';
import type { Logger } from '@otp/platform';
import { CarrierError, type Carrier, type CarrierReceipt, type OutgoingSms } from './carrier.js';
import { parseReceiptText } from './receipt-text.js';
import { submitSmPdus } from './submit-sm.js';

export interface SmppCarrierOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  enquireLinkMs: number;
  reconnectMs: number;
  submitTimeoutMs: number;
  logger: Logger;
  onReceipt: (receipt: CarrierReceipt) => Promise<void>;
}

/**
 * One SMPP 3.4 transceiver session to the carrier, kept bound: enquire_link while idle, a new
 * connection after any loss. Submits wait (bounded) for the bind, so a reconnect in progress
 * delays a send rather than failing it.
 */
export class SmppCarrier implements Carrier {
  private session: smpp.Session | undefined;
  private bound = false;
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private enquireTimer: NodeJS.Timeout | undefined;
  private waiters: (() => void)[] = [];
  /** Rejecters of the calls waiting for a response on the current session. */
  private readonly pending = new Set<(error: Error) => void>();
  private reference = Math.floor(Math.random() * 256);

  constructor(private readonly options: SmppCarrierOptions) {}

  start(): void {
    this.connect();
  }

  /** Resolves once bound, or rejects after `timeoutMs`. */
  waitForBind(timeoutMs: number): Promise<void> {
    if (this.bound) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        reject(new CarrierError(`carrier session not bound after ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(done);
    });
  }

  async submit(message: OutgoingSms): Promise<string[]> {
    await this.waitForBind(this.options.submitTimeoutMs);
    this.reference = (this.reference + 1) % 256;
    const ids: string[] = [];
    // Parts go one after another: a refused part fails the attempt and the retry resends all of them.
    for (const pdu of submitSmPdus(message, this.reference)) {
      const response = await this.request('submit_sm', (session, callback) => session.submit_sm(pdu, callback));
      if (response.command_status !== smpp.ESME_ROK) {
        throw new CarrierError(
          `carrier refused submit_sm (status 0x${response.command_status.toString(16).padStart(4, '0')})`,
        );
      }
      ids.push(response.message_id ?? '');
    }
    return ids;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.enquireTimer);
    const session = this.session;
    if (!session) return;
    if (this.bound) {
      await this.request('unbind', (s, callback) => s.unbind({}, callback)).catch(() => undefined);
    }
    await new Promise<void>((resolve) => session.close(() => resolve()));
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
    const session = smpp.connect({ host, port });
    this.session = session;
    session.on('connect', () => {
      session.bind_transceiver({ system_id: this.options.systemId, password: this.options.password }, (pdu) => {
        if (pdu.command_status !== smpp.ESME_ROK) {
          logger.error({ status: pdu.command_status }, 'carrier refused the bind');
          session.destroy();
          return;
        }
        logger.info({ host, port }, 'carrier session bound');
        this.bound = true;
        for (const waiter of this.waiters.splice(0)) waiter();
        this.keepAlive(session);
      });
    });
    session.on('deliver_sm', (pdu) => void this.onDeliverSm(session, pdu));
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('error', (error) => logger.warn({ err: error }, 'carrier connection error'));
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
    if (this.closing) return;
    this.options.logger.warn({ retry_ms: this.options.reconnectMs }, 'carrier session lost, reconnecting');
    this.reconnectTimer = setTimeout(() => this.connect(), this.options.reconnectMs);
  }

  private async onDeliverSm(session: smpp.Session, pdu: smpp.PDU): Promise<void> {
    const isReceipt = ((pdu.esm_class ?? 0) & smpp.ESM_CLASS.MC_DELIVERY_RECEIPT) !== 0;
    const text =
      typeof pdu.short_message === 'object' && !Buffer.isBuffer(pdu.short_message)
        ? pdu.short_message.message
        : pdu.short_message;
    const receipt = isReceipt ? parseReceiptText(String(text ?? ''), pdu.receipted_message_id) : undefined;
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
