import type { CarrierSessionReset, Logger } from '@otp/platform';
import { BindDownError, CarrierError, type CarrierReceipt } from './carrier.js';
import { COMMAND, PduDecodeError, STATUS } from './pdu-decode.js';
import type { FramingError } from './pdu-frames.js';
import { receiptOf } from './receipt-text.js';
import { SmppSession, type RequestPdu, type ResponsePdu } from './smpp-session.js';

/** SMPP 3.4: what we speak, so what the bind says (the package's default is 5.0's 0x50). */
const INTERFACE_VERSION_3_4 = 0x34;
/** The longest wait for unbind_resp once a session is reset: answers still in flight come meanwhile. */
const MAX_UNBIND_WAIT_MS = 2000;

/** A transceiver bind does everything; a pair is a transmitter (submits) and a receiver (receipts). */
export type LinkRole = 'transceiver' | 'transmitter' | 'receiver';

export interface LinkOptions {
  role: LinkRole;
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  enquireLinkMs: number;
  reconnectMs: number;
  /** How long a request may wait for its answer before the session is reset. */
  answerTimeoutMs: number;
  logger: Logger;
  onReceipt: (receipt: CarrierReceipt) => Promise<void>;
  /** Kept as the carrier's `last_error`. */
  onError: (error: string) => void;
  /** Bound now, or no longer. */
  onBoundChange: (bound: boolean) => void;
  /** A bound session ended other than by close(): counted on the metrics. */
  onSessionReset: (reason: CarrierSessionReset) => void;
}

/** How long a reset session waits for unbind_resp: a late answer can still come meanwhile. */
export function unbindWaitMs(answerTimeoutMs: number): number {
  return Math.min(answerTimeoutMs, MAX_UNBIND_WAIT_MS);
}

/**
 * One SMPP session of a bind, kept bound: bind (SMPP 3.4), enquire_link every `enquireLinkMs`, a
 * new connection `reconnectMs` after any loss, every drop and unbind logged. A request whose
 * answer does not come within `answerTimeoutMs` resets the session at once (unbind, then a new
 * connection) and marks it degraded until an enquire_link is answered again; the answer is still
 * taken if it comes before the session ends, so a late submit_sm_resp still names its id. Every
 * request the carrier makes is answered: deliver_sm and data_sm (receipts read from either),
 * enquire_link, unbind; any other gets generic_nack, and so does a PDU that cannot be read.
 */
export class SmppLink {
  private session: SmppSession | undefined;
  private bound = false;
  /** The current session is being ended on purpose (a reset, or the carrier's unbind). */
  private resetting = false;
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private enquireTimer: NodeJS.Timeout | undefined;
  /** Rejecters of the requests awaiting an answer on the current session. */
  private readonly pending = new Set<(error: Error) => void>();
  private readonly closedWaiters: (() => void)[] = [];
  /** A request went unanswered; cleared when an enquire_link is answered. */
  degraded = false;

  constructor(private readonly options: LinkOptions) {}

  get isBound(): boolean {
    return this.bound;
  }

  start(): void {
    this.connect();
  }

  /**
   * Sends a request on the bound session: resolves with its answer, rejects with BindDownError when
   * it was never written (not bound) and with CarrierError when the session ended without one.
   */
  request(command: string, fields: Record<string, unknown>): Promise<ResponsePdu> {
    const session = this.session;
    if (!session || !this.bound) return Promise.reject(new BindDownError('bind is down'));
    return this.send(session, command, fields, 'reset');
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.enquireTimer);
    const session = this.session;
    if (!session) return;
    const closed = new Promise<void>((resolve) => this.closedWaiters.push(resolve));
    if (this.bound) {
      this.setBound(false);
      await this.send(session, 'unbind', {}, 'drop').catch(() => undefined);
      session.end('closing');
    } else {
      session.destroy('closing');
    }
    await closed;
  }

  private setBound(bound: boolean): void {
    if (this.bound === bound) return;
    this.bound = bound;
    this.options.onBoundChange(bound);
  }

  private send(
    session: SmppSession,
    command: string,
    fields: Record<string, unknown>,
    onTimeout: 'reset' | 'drop',
  ): Promise<ResponsePdu> {
    return new Promise((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        this.pending.delete(fail);
      };
      const fail = (error: Error) => {
        settle();
        reject(error);
      };
      const timer = setTimeout(() => {
        const reason = `no ${command}_resp within ${this.options.answerTimeoutMs} ms`;
        if (onTimeout === 'drop') session.destroy(reason);
        else this.reset(session, reason, command === 'enquire_link' ? 'enquire_link_timeout' : 'answer_timeout');
      }, this.options.answerTimeoutMs);
      this.pending.add(fail);
      const written = session.request(command, fields, (pdu) => {
        settle();
        resolve(pdu);
      });
      if (!written) fail(new BindDownError('carrier connection is not writable'));
    });
  }

  /** Unbinds now and connects again: answers still in flight may come until unbind_resp (or a short wait). */
  private reset(session: SmppSession, reason: string, cause: CarrierSessionReset): void {
    if (this.session !== session || this.resetting) return;
    this.options.onSessionReset(cause);
    this.resetting = true;
    this.degraded = true;
    this.setBound(false);
    this.report('warn', `session reset: ${reason}`);
    const gone = setTimeout(
      () => session.destroy(`no unbind_resp after: ${reason}`),
      unbindWaitMs(this.options.answerTimeoutMs),
    );
    const sent = session.request('unbind', {}, () => {
      clearTimeout(gone);
      session.end(`reset: ${reason}`);
    });
    if (!sent) session.destroy(`reset: ${reason}`);
  }

  private connect(): void {
    const { host, port } = this.options;
    this.resetting = false;
    const session = SmppSession.open(
      host,
      port,
      {
        request: (pdu) => void this.onRequest(session, pdu),
        unreadable: (error) => this.onUnreadable(error),
        closed: (reason) => this.onClose(session, reason),
      },
      () => this.bind(session),
    );
    this.session = session;
  }

  private bind(session: SmppSession): void {
    const { systemId, password, systemType, role } = this.options;
    this.send(
      session,
      `bind_${role}`,
      { system_id: systemId, password, system_type: systemType, interface_version: INTERFACE_VERSION_3_4 },
      'drop',
    ).then(
      (pdu) => {
        if (this.session !== session) return;
        if (pdu.header.status !== STATUS.ESME_ROK) {
          this.report('error', `bind refused (status 0x${pdu.header.status.toString(16).padStart(4, '0')})`);
          session.destroy('bind refused');
          return;
        }
        this.options.logger.info({ role, host: this.options.host, port: this.options.port }, 'carrier session bound');
        this.setBound(true);
        this.keepAlive(session);
      },
      () => undefined, // the session closed: onClose reconnects
    );
  }

  /** enquire_link on a timer; an answer clears `degraded`, none resets the session (send()). */
  private keepAlive(session: SmppSession): void {
    clearInterval(this.enquireTimer);
    this.enquireTimer = setInterval(() => {
      if (this.session !== session || !this.bound) return;
      this.send(session, 'enquire_link', {}, 'reset').then(
        () => (this.degraded = false),
        () => undefined,
      );
    }, this.options.enquireLinkMs);
  }

  private async onRequest(session: SmppSession, pdu: RequestPdu): Promise<void> {
    const { header } = pdu;
    if (pdu.kind === 'message') {
      const receipt = receiptOf(pdu.message);
      try {
        if (receipt) await this.options.onReceipt(receipt);
        session.respond(pdu.command, header);
      } catch (error) {
        // Not acknowledged: the carrier sends the receipt again.
        this.options.logger.warn({ err: error }, 'could not record a delivery receipt');
        session.respond(pdu.command, header, STATUS.ESME_RSYSERR);
      }
      return;
    }
    switch (header.commandId) {
      case COMMAND.enquire_link:
        session.respond('enquire_link', header);
        return;
      case COMMAND.unbind:
        session.respond('unbind', header);
        // Ended on purpose, as a reset is: logged and counted here, not again as a drop.
        if (this.bound) this.options.onSessionReset('unbound_by_carrier');
        this.resetting = true;
        this.setBound(false);
        this.report('warn', 'unbound the session');
        session.end('unbound by the carrier');
        return;
      case COMMAND.alert_notification:
        return; // the one request SMPP 3.4 gives no response
      default:
        session.nack(header.sequence, STATUS.ESME_RINVCMDID);
        this.report('warn', `sent command 0x${header.commandId.toString(16).padStart(8, '0')}, answered generic_nack`);
    }
  }

  private onUnreadable(error: PduDecodeError | FramingError): void {
    const what =
      error instanceof PduDecodeError
        ? `sent a PDU that cannot be read, answered generic_nack (${error.message})`
        : `sent bytes no SMPP reader can frame (${error.message}): session reset`;
    this.report('warn', what);
  }

  private onClose(session: SmppSession, reason: string): void {
    if (this.session !== session) return;
    const wasBound = this.bound;
    this.session = undefined;
    this.setBound(false);
    clearInterval(this.enquireTimer);
    for (const fail of [...this.pending]) fail(new CarrierError(`carrier connection lost (${reason})`));
    if (this.closing) {
      for (const resolve of this.closedWaiters.splice(0)) resolve();
      return;
    }
    // A drop of a bound session is logged; a connection that never bound (the carrier away) is
    // kept as the last error only, not logged on every reconnect.
    if (wasBound) {
      this.options.onSessionReset('connection_lost');
      this.report('warn', `session dropped: ${reason}`);
    } else if (!this.resetting) this.options.onError(`no session: ${reason}`);
    this.reconnectTimer = setTimeout(() => this.connect(), this.options.reconnectMs);
  }

  /** A bind event: logged with where it happened, and kept as the carrier's last error. */
  private report(level: 'warn' | 'error', message: string): void {
    const { role, host, port } = this.options;
    this.options.logger[level]({ role, host, port }, `carrier ${message}`);
    this.options.onError(message);
  }
}
