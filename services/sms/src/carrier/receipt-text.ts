import type { CarrierReceipt } from './carrier.js';

// Delivery receipts as SMSCs send them in a deliver_sm: the de facto text of SMPP 3.4 appendix B
// ("id:<id> sub:001 dlvrd:001 submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DELIVRD err:000
// text:...") and, when present, the receipted_message_id and message_state TLVs, which win over
// the text (they are typed; the text is free-form and differs between vendors).

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
  const id = receiptedMessageId?.trim() || field(text, 'id');
  const state = (messageState !== undefined ? MESSAGE_STATES[messageState] : undefined) ?? field(text, 'stat');
  if (!id || !state) return undefined;
  const error = field(text, 'err');
  const doneAt = parseReceiptDate(/(?:^|\s)done date:(\d{10,12})/i.exec(text)?.[1]);
  return {
    carrierMessageId: id,
    state: state.toUpperCase(),
    ...(error ? { error } : {}),
    ...(doneAt ? { doneAt } : {}),
  };
}
