import type { SubmitSmOptions } from 'smpp';
import type { OutgoingParts } from './carrier.js';

// The submit_sm PDUs of some parts of one message, with a concatenation header (UDH) when the
// message has more than one part.

const TON_INTERNATIONAL = 1;
const TON_ALPHANUMERIC = 5;
const NPI_ISDN = 1;
const NPI_UNKNOWN = 0;
/** registered_delivery: ask for a receipt on final delivery outcome. */
const RECEIPT_REQUESTED = 1;

/**
 * data_coding of plain text, per carrier: 0 the SMSC default alphabet (GSM 03.38), 1 IA5 (ASCII),
 * 3 Latin-1. Other text always goes as 8, UCS-2 (what billing counts for it).
 */
export type PlainDataCoding = 0 | 1 | 3;
const UCS2 = 8;

/** UDH for concatenated SMS with an 8-bit reference: IEI 0x00, length 3, ref, total, sequence. */
export function concatenationHeader(reference: number, total: number, sequence: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, sequence]);
}

/** UTF-16 big-endian, as UCS-2 carries it (Node has only the little-endian codec). */
function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

/**
 * The part's bytes, or the text itself for GSM 03.38 (the smpp library packs that alphabet).
 * Plain text (segments.ts) is printable ASCII, so IA5 and Latin-1 carry it byte for byte.
 */
function encoded(text: string, encoding: OutgoingParts['encoding'], plainCoding: PlainDataCoding): string | Buffer {
  if (encoding === 'ucs2') return utf16be(text);
  if (plainCoding === 0) return text;
  return Buffer.from(text, plainCoding === 1 ? 'ascii' : 'latin1');
}

export function submitSmPdus(message: OutgoingParts, plainCoding: PlainDataCoding = 0): SubmitSmOptions[] {
  const dataCoding = message.encoding === 'ucs2' ? UCS2 : plainCoding;
  return message.parts.map(({ sequence, text }) => {
    const body = encoded(text, message.encoding, plainCoding);
    return {
      source_addr_ton: TON_ALPHANUMERIC,
      source_addr_npi: NPI_UNKNOWN,
      source_addr: message.from,
      dest_addr_ton: TON_INTERNATIONAL,
      dest_addr_npi: NPI_ISDN,
      destination_addr: message.to.replace(/^\+/, ''),
      registered_delivery: RECEIPT_REQUESTED,
      data_coding: dataCoding,
      short_message:
        message.total === 1
          ? body
          : { udh: concatenationHeader(message.reference, message.total, sequence), message: body },
    };
  });
}
