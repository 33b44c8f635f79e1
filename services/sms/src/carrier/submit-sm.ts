import type { SubmitSmOptions } from 'smpp';
import type { OutgoingSms } from './carrier.js';

// The submit_sm PDUs of one message: one per part, with a concatenation header (UDH) when there
// is more than one part.

const TON_INTERNATIONAL = 1;
const TON_ALPHANUMERIC = 5;
const NPI_ISDN = 1;
const NPI_UNKNOWN = 0;
/** data_coding: 0x00 is the SMSC default alphabet (GSM 03.38), 0x08 is UCS-2. */
const DATA_CODING = { gsm7: 0x00, ucs2: 0x08 } as const;
/** registered_delivery: ask for a receipt on final delivery outcome. */
const RECEIPT_REQUESTED = 1;

/** UDH for concatenated SMS with an 8-bit reference: IEI 0x00, length 3, ref, total, sequence. */
export function concatenationHeader(reference: number, total: number, sequence: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, sequence]);
}

export function submitSmPdus(message: OutgoingSms, reference: number): SubmitSmOptions[] {
  const { parts, encoding } = message.plan;
  return parts.map((text, index) => ({
    source_addr_ton: TON_ALPHANUMERIC,
    source_addr_npi: NPI_UNKNOWN,
    source_addr: message.from,
    dest_addr_ton: TON_INTERNATIONAL,
    dest_addr_npi: NPI_ISDN,
    destination_addr: message.to.replace(/^\+/, ''),
    registered_delivery: RECEIPT_REQUESTED,
    data_coding: DATA_CODING[encoding],
    short_message:
      parts.length === 1 ? text : { udh: concatenationHeader(reference, parts.length, index + 1), message: text },
  }));
}
