import type { SubmitSmOptions } from 'smpp';
import type { WireText } from '../domain/wire-text.js';
import type { OutgoingParts } from './carrier.js';

// The submit_sm of one part of a message, with a concatenation header (UDH) when the message has
// more than one part. Its bytes and data_coding come from domain/wire-text.ts.

const TON_INTERNATIONAL = 1;
const TON_ALPHANUMERIC = 5;
const NPI_ISDN = 1;
const NPI_UNKNOWN = 0;
/** registered_delivery: ask for a receipt on final delivery outcome. */
const RECEIPT_REQUESTED = 1;

/** UDH for concatenated SMS with an 8-bit reference: IEI 0x00, length 3, ref, total, sequence. */
export function concatenationHeader(reference: number, total: number, sequence: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, sequence]);
}

/** The submit_sm of part `sequence` (1-based) of `message`, as `wire` encodes it. */
export function submitSmPdu(message: OutgoingParts, wire: WireText, sequence: number): SubmitSmOptions {
  const total = wire.parts.length;
  const body = wire.parts[sequence - 1];
  if (!body) throw new RangeError(`part ${sequence} of ${total}`);
  return {
    source_addr_ton: TON_ALPHANUMERIC,
    source_addr_npi: NPI_UNKNOWN,
    source_addr: message.from,
    dest_addr_ton: TON_INTERNATIONAL,
    dest_addr_npi: NPI_ISDN,
    destination_addr: message.to.replace(/^\+/, ''),
    registered_delivery: RECEIPT_REQUESTED,
    data_coding: wire.dataCoding,
    short_message: total === 1 ? body : { udh: concatenationHeader(message.reference, total, sequence), message: body },
  };
}
