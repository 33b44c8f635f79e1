import type { CarrierReceipt } from './carrier.js';

// SMPP 3.4 appendix B receipt text: "id:<id> sub:001 dlvrd:001 submit date:... done date:... stat:DELIVRD err:000 text:...".

export function parseReceiptText(text: string, receiptedMessageId?: string): CarrierReceipt | undefined {
  const id = receiptedMessageId || /(?:^|\s)id:(\S+)/.exec(text)?.[1];
  const state = /(?:^|\s)stat:(\S+)/.exec(text)?.[1];
  if (!id || !state) return undefined;
  return { carrierMessageId: id, state };
}
