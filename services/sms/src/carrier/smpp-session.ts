import { connect, type Socket } from 'node:net';
import smpp from 'smpp';
import { decodePdu, isResponse, PduDecodeError, type InboundPdu, type PduHeader } from './pdu-decode.js';
import { type FramingError, PduFrames } from './pdu-frames.js';

// One TCP connection that speaks SMPP: PDUs framed and read here (pdu-frames.ts, pdu-decode.ts),
// written with the `smpp` package's encoder, requests numbered, and each answer handed to whoever
// sent its request, whenever it comes while the connection lasts (a late answer included). A
// PDU that cannot be read is answered with generic_nack and the next one is read; a stream that
// cannot be framed ends the connection at once. What to do with requests, and when to give up on
// an answer, is the caller's (smpp-link.ts).

export type ResponsePdu = Extract<InboundPdu, { kind: 'response' }>;
export type RequestPdu = Exclude<InboundPdu, { kind: 'response' }>;

export interface SessionHandlers {
  request(pdu: RequestPdu): void;
  /** A PDU that could not be read (already answered with generic_nack), or a stream that could not be framed. */
  unreadable(error: PduDecodeError | FramingError): void;
  closed(reason: string): void;
}

const MAX_SEQUENCE = 0x7fffffff;

export class SmppSession {
  private readonly frames = new PduFrames();
  private readonly answers = new Map<number, (pdu: ResponsePdu) => void>();
  private sequence = 0;
  private ended = false;
  private closeReason = 'connection closed';

  private constructor(
    private readonly socket: Socket,
    private readonly handlers: SessionHandlers,
  ) {
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (error) => (this.closeReason = `connection error: ${error.message}`));
    socket.on('close', () => {
      this.ended = true;
      this.answers.clear();
      handlers.closed(this.closeReason);
    });
  }

  /** Connects; `connected` runs once the TCP connection is up. */
  static open(host: string, port: number, handlers: SessionHandlers, connected: () => void): SmppSession {
    // TCP_NODELAY: a PDU goes out when written. With Nagle's rule a PDU written while the previous
    // one is unacknowledged waits for that ACK, which a carrier may delay (40 ms on Linux).
    const socket = connect({ host, port, noDelay: true });
    socket.once('connect', connected);
    return new SmppSession(socket, handlers);
  }

  get open(): boolean {
    return !this.ended && this.socket.writable;
  }

  /** Sends a request; `answer` gets its response (or a generic_nack for it). False when the connection is not writable. */
  request(command: string, fields: Record<string, unknown>, answer: (pdu: ResponsePdu) => void): boolean {
    if (!this.open) return false;
    this.sequence = this.sequence >= MAX_SEQUENCE ? 1 : this.sequence + 1;
    this.answers.set(this.sequence, answer);
    this.write(new smpp.PDU(command, { ...fields, sequence_number: this.sequence }));
    return true;
  }

  /** Answers a request: `<command>_resp` with `status` (and `fields` when it is 0). */
  respond(
    command: 'deliver_sm' | 'data_sm' | 'enquire_link' | 'unbind',
    to: PduHeader,
    status = 0,
    fields: Record<string, unknown> = {},
  ): void {
    const options =
      status === 0
        ? { ...fields, sequence_number: to.sequence }
        : { command_status: status, sequence_number: to.sequence };
    this.write(new smpp.PDU(`${command}_resp`, options));
  }

  /** generic_nack: the answer to a request this client cannot read or does not take. */
  nack(sequence: number, status: number): void {
    this.write(new smpp.PDU('generic_nack', { command_status: status, sequence_number: sequence }));
  }

  /** Closes after what was written (a graceful end, e.g. after unbind_resp). */
  end(reason: string): void {
    this.closeReason = reason;
    this.socket.end();
  }

  /** Drops the connection now. */
  destroy(reason: string): void {
    this.closeReason = reason;
    this.socket.destroy();
  }

  private write(pdu: smpp.PDU): void {
    if (this.open) this.socket.write(pdu.toBuffer());
  }

  private read(chunk: Buffer): void {
    const { frames, error } = this.frames.push(chunk);
    for (const frame of frames) {
      if (this.ended) return;
      let pdu: InboundPdu;
      try {
        pdu = decodePdu(frame);
      } catch (decodeError) {
        if (!(decodeError instanceof PduDecodeError)) throw decodeError;
        // A response is never answered; a request that cannot be read gets generic_nack.
        if (!isResponse(decodeError.header.commandId)) this.nack(decodeError.header.sequence, decodeError.status);
        this.handlers.unreadable(decodeError);
        continue;
      }
      this.dispatch(pdu);
    }
    if (error && !this.ended) {
      this.handlers.unreadable(error);
      this.destroy(`unreadable stream: ${error.message}`);
    }
  }

  private dispatch(pdu: InboundPdu): void {
    if (pdu.kind !== 'response') {
      this.handlers.request(pdu);
      return;
    }
    const answer = this.answers.get(pdu.header.sequence);
    if (!answer) return; // an answer to nothing in flight (a carrier's mistake): nothing waits for it
    this.answers.delete(pdu.header.sequence);
    answer(pdu);
  }
}
