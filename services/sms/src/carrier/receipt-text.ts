import type { CarrierReceipt } from './carrier.js';
import type { InboundMessage } from './pdu-decode.js';

// Delivery receipts as SMSCs send them in a deliver_sm or a data_sm: the de facto text of SMPP 3.4
// appendix B ("id:<id> sub:001 dlvrd:001 submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DELIVRD
// err:000 text:...") in short_message or message_payload and, when present, the
// receipted_message_id and message_state TLVs, which win over the text (they are typed; the text
// is free-form and differs between vendors).

/** esm_class bits 2-5 of an SMSC delivery receipt (SMPP 3.4 section 5.2.12). */
const RECEIPT_TYPE = 0x3c;
const SMSC_DELIVERY_RECEIPT = 0x04;
const UCS2 = 8;

/** message_state values (SMPP 3.4 section 5.2.28) as the receipt text's stat words. */
const MESSAGE_STATES: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

function field(text: string, name: string): string | undefined {
  // Field names are matched case-insensitively: some SMSCs write "Id:" or "STAT:".
  return new RegExp(`(?:^|\\s)${name}:(\\S*)`, 'i').exec(text)?.[1];
}

/** "YYMMDDhhmm" or "YYMMDDhhmmss" in UTC (receipts carry no zone; SMSCs in practice use UTC). */
export function parseReceiptDate(value: string | undefined): Date | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(value ?? '');
  if (!m) return undefined;
  const [, yy, mo, dd, hh, mi, ss] = m;
  const date = new Date(
    Date.UTC(2000 + Number(yy), Number(mo) - 1, Number(dd), Number(hh), Number(mi), Number(ss ?? 0)),
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface ReceiptFields {
  text: string;
  receiptedMessageId?: string | undefined;
  messageState?: number | undefined;
}

export function parseReceipt({ text, receiptedMessageId, messageState }: ReceiptFields): CarrierReceipt | undefined {
  const tlvId = receiptedMessageId?.trim();
  const id = tlvId || field(text, 'id');
  const state = (messageState !== undefined ? MESSAGE_STATES[messageState] : undefined) ?? field(text, 'stat');
  if (!id || !state) return undefined;
  const error = field(text, 'err');
  const doneAt = parseReceiptDate(/(?:^|\s)done date:(\d{10,12})/i.exec(text)?.[1]);
  return {
    carrierMessageId: id,
    idFrom: tlvId ? 'tlv' : 'text',
    state: state.toUpperCase(),
    ...(error ? { error } : {}),
    ...(doneAt ? { doneAt } : {}),
  };
}

/** The receipt a deliver_sm or data_sm carries; undefined for anything else (a mobile-originated message). */
export function receiptOf(message: InboundMessage): CarrierReceipt | undefined {
  if ((message.esmClass & RECEIPT_TYPE) !== SMSC_DELIVERY_RECEIPT) return undefined;
  const body = message.shortMessage.length > 0 ? message.shortMessage : (message.messagePayload ?? Buffer.alloc(0));
  // UCS-2 text is read whole units only (a stray last byte is dropped); anything else byte for byte.
  const text =
    message.dataCoding === UCS2
      ? Buffer.from(body.subarray(0, body.length - (body.length % 2)))
          .swap16()
          .toString('utf16le')
      : body.toString('latin1');
  return parseReceipt({ text, receiptedMessageId: message.receiptedMessageId, messageState: message.messageState });
}
