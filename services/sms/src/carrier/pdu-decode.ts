import { HEADER_LENGTH } from './pdu-frames.js';

// The PDUs the carrier client reads, decoded from one frame (pdu-frames.ts). The `smpp` package's
// reader is not used: on a PDU it cannot parse (a TLV shorter than its type, such as a zero-length
// message_state) it stops reading the connection for good without answering (node-smpp 0.5.1
// lib/smpp.js `_extractPDUs` leaves `_busy` set after the error), and it reads a C-string TLV
// up to the next NUL, past its own length (lib/defs.js `types.tlv.cstring`), so a
// receipted_message_id sent without its NUL swallows the TLV after it. Here every field is read
// within its bounds, a C-string TLV ends at its length with or without the NUL, and a PDU that
// cannot be read raises PduDecodeError with what generic_nack needs. (For upstream: bound
// `types.tlv.cstring.read` by its length, and reset `_busy` and `_command_length` and skip the
// PDU in `_extractPDUs`' catch.) The package still encodes what the client sends.

export const COMMAND = {
  generic_nack: 0x80000000,
  bind_receiver: 0x00000001,
  bind_receiver_resp: 0x80000001,
  bind_transmitter: 0x00000002,
  bind_transmitter_resp: 0x80000002,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  unbind: 0x00000006,
  unbind_resp: 0x80000006,
  bind_transceiver: 0x00000009,
  bind_transceiver_resp: 0x80000009,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
  alert_notification: 0x00000102,
  data_sm: 0x00000103,
  data_sm_resp: 0x80000103,
} as const;

/** Command statuses this reader answers with (SMPP 3.4 section 5.1.3). */
export const STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVCMDLEN: 0x02,
  ESME_RINVCMDID: 0x03,
  ESME_RSYSERR: 0x08,
  ESME_RINVOPTPARSTREAM: 0xc0,
  ESME_RINVPARLEN: 0xc2,
} as const;

const RESPONSE_BIT = 0x80000000;

export interface PduHeader {
  commandId: number;
  status: number;
  sequence: number;
}

/** The receipt-bearing fields of a deliver_sm or data_sm. */
export interface InboundMessage {
  esmClass: number;
  dataCoding: number;
  shortMessage: Buffer;
  receiptedMessageId?: string;
  messageState?: number;
  messagePayload?: Buffer;
}

export type InboundPdu =
  /** Any response (generic_nack included); `id` is the message_id or system_id its body names, if any. */
  | { kind: 'response'; header: PduHeader; id?: string }
  | { kind: 'message'; header: PduHeader; command: 'deliver_sm' | 'data_sm'; message: InboundMessage }
  /** A request with no body this client reads: enquire_link, unbind, alert_notification, or any other. */
  | { kind: 'request'; header: PduHeader };

/** A PDU that cannot be read; `status` is what its generic_nack says. */
export class PduDecodeError extends Error {
  override readonly name = 'PduDecodeError';
  constructor(
    message: string,
    readonly header: PduHeader,
    readonly status: number,
  ) {
    super(message);
  }
}

export function isResponse(commandId: number): boolean {
  return (commandId & RESPONSE_BIT) !== 0;
}

/** TLV tags read (SMPP 3.4 section 5.3.2) with the lengths each may have. */
const TLV = {
  receipted_message_id: { tag: 0x001e, min: 1, max: 65 },
  message_state: { tag: 0x0427, min: 1, max: 1 },
  message_payload: { tag: 0x0424, min: 0, max: 0xffff },
} as const;

/** Reads fields in order within the PDU's bounds; an overrun is a PDU that cannot be read. */
class FieldReader {
  private offset = HEADER_LENGTH;

  constructor(
    private readonly frame: Buffer,
    private readonly header: PduHeader,
  ) {}

  get left(): number {
    return this.frame.length - this.offset;
  }

  byte(name: string): number {
    if (this.left < 1) throw this.malformed(`${name} is missing`, STATUS.ESME_RINVCMDLEN);
    return this.frame.readUInt8(this.offset++);
  }

  /** A NUL-terminated field; `lenientEnd`: the last field of a response may come without its NUL. */
  cString(name: string, lenientEnd = false): string {
    const end = this.frame.indexOf(0, this.offset);
    if (end < 0 && !lenientEnd) throw this.malformed(`${name} has no terminating NUL`, STATUS.ESME_RINVCMDLEN);
    const stop = end < 0 ? this.frame.length : end;
    const value = this.frame.toString('latin1', this.offset, stop);
    this.offset = end < 0 ? stop : stop + 1;
    return value;
  }

  bytes(name: string, length: number): Buffer {
    if (this.left < length) throw this.malformed(`${name} runs past the PDU`, STATUS.ESME_RINVCMDLEN);
    const value = this.frame.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }

  /** The TLVs that follow the mandatory fields, by tag. */
  tlvs(): Map<number, Buffer> {
    const found = new Map<number, Buffer>();
    while (this.left > 0) {
      if (this.left < 4) throw this.malformed('a TLV is cut short', STATUS.ESME_RINVOPTPARSTREAM);
      const tag = this.frame.readUInt16BE(this.offset);
      const length = this.frame.readUInt16BE(this.offset + 2);
      this.offset += 4;
      if (this.left < length)
        throw this.malformed(`TLV 0x${tag.toString(16)} runs past the PDU`, STATUS.ESME_RINVOPTPARSTREAM);
      found.set(tag, this.frame.subarray(this.offset, this.offset + length));
      this.offset += length;
    }
    return found;
  }

  malformed(problem: string, status: number): PduDecodeError {
    return new PduDecodeError(
      `0x${this.header.commandId.toString(16).padStart(8, '0')}: ${problem}`,
      this.header,
      status,
    );
  }
}

export function readHeader(frame: Buffer): PduHeader {
  return { commandId: frame.readUInt32BE(4), status: frame.readUInt32BE(8), sequence: frame.readUInt32BE(12) };
}

/** One PDU from its frame; throws PduDecodeError when it cannot be read. */
export function decodePdu(frame: Buffer): InboundPdu {
  const header = readHeader(frame);
  const reader = new FieldReader(frame, header);
  if (isResponse(header.commandId)) {
    // A response's body is its message_id or system_id; one with an error status may have none.
    return reader.left > 0
      ? { kind: 'response', header, id: reader.cString('id', true) }
      : { kind: 'response', header };
  }
  if (header.commandId === COMMAND.deliver_sm)
    return { kind: 'message', header, command: 'deliver_sm', message: deliverSm(reader) };
  if (header.commandId === COMMAND.data_sm)
    return { kind: 'message', header, command: 'data_sm', message: dataSm(reader) };
  return { kind: 'request', header };
}

/** deliver_sm: SMPP 3.4 section 4.6.1. */
function deliverSm(reader: FieldReader): InboundMessage {
  addresses(reader);
  const esmClass = reader.byte('esm_class');
  reader.byte('protocol_id');
  reader.byte('priority_flag');
  reader.cString('schedule_delivery_time');
  reader.cString('validity_period');
  reader.byte('registered_delivery');
  reader.byte('replace_if_present_flag');
  const dataCoding = reader.byte('data_coding');
  reader.byte('sm_default_msg_id');
  const shortMessage = reader.bytes('short_message', reader.byte('sm_length'));
  return { esmClass, dataCoding, shortMessage, ...optional(reader) };
}

/** data_sm: SMPP 3.4 section 4.7.1 (the text, if any, is in message_payload). */
function dataSm(reader: FieldReader): InboundMessage {
  addresses(reader);
  const esmClass = reader.byte('esm_class');
  reader.byte('registered_delivery');
  const dataCoding = reader.byte('data_coding');
  return { esmClass, dataCoding, shortMessage: Buffer.alloc(0), ...optional(reader) };
}

/** service_type, then source and destination (ton, npi, address). */
function addresses(reader: FieldReader): void {
  reader.cString('service_type');
  reader.byte('source_addr_ton');
  reader.byte('source_addr_npi');
  reader.cString('source_addr');
  reader.byte('dest_addr_ton');
  reader.byte('dest_addr_npi');
  reader.cString('destination_addr');
}

/** The TLVs a receipt may carry, each checked against the lengths its type allows. */
function optional(reader: FieldReader): Pick<InboundMessage, 'receiptedMessageId' | 'messageState' | 'messagePayload'> {
  const tlvs = reader.tlvs();
  const value = (spec: (typeof TLV)[keyof typeof TLV], name: string): Buffer | undefined => {
    const found = tlvs.get(spec.tag);
    if (found && (found.length < spec.min || found.length > spec.max)) {
      throw reader.malformed(`${name} of ${found.length} bytes`, STATUS.ESME_RINVPARLEN);
    }
    return found;
  };
  const id = value(TLV.receipted_message_id, 'receipted_message_id');
  const state = value(TLV.message_state, 'message_state');
  const payload = value(TLV.message_payload, 'message_payload');
  // A C-octet string ends at its NUL, or at its length when the sender left the NUL out.
  const nul = id?.indexOf(0) ?? -1;
  return {
    ...(id ? { receiptedMessageId: id.toString('latin1', 0, nul < 0 ? id.length : nul) } : {}),
    ...(state ? { messageState: state.readUInt8(0) } : {}),
    ...(payload ? { messagePayload: payload } : {}),
  };
}
