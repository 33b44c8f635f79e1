// What delivery receipts mean for a message: the receipt state of each part, how a receipt's id
// finds the part it is about, and the message's `delivery_status` from its parts' receipts.

/** The public `delivery_status` values (docs/sms.md); null until a final receipt came. */
export type DeliveryStatus = 'delivered' | 'undelivered' | 'expired' | 'rejected' | 'unknown';

/**
 * A receipt's stat word as a delivery status; undefined for intermediate states (ENROUTE,
 * ACCEPTD: the carrier took it, the handset has not answered yet), which change nothing.
 */
export function deliveryStatusOf(state: string): DeliveryStatus | undefined {
  switch (state.toUpperCase()) {
    case 'DELIVRD':
    case 'DELIVERED':
      return 'delivered';
    case 'UNDELIV':
    case 'UNDELIVERABLE':
    case 'DELETED':
      return 'undelivered';
    case 'EXPIRED':
      return 'expired';
    case 'REJECTD':
    case 'REJECTED':
      return 'rejected';
    case 'ENROUTE':
    case 'ACCEPTD':
    case 'ACCEPTED':
      return undefined;
    default:
      return 'unknown';
  }
}

/**
 * The message's status from the final status of each of its `parts` parts (those with a receipt
 * so far): the first part that failed decides (a handset missing a part shows nothing useful);
 * delivered once every part is delivered; unknown when every part answered and some said unknown;
 * null while parts are still out.
 */
export function messageDeliveryStatus(partStatuses: readonly DeliveryStatus[], parts: number): DeliveryStatus | null {
  const failed = partStatuses.find((s) => s === 'undelivered' || s === 'expired' || s === 'rejected');
  if (failed) return failed;
  if (partStatuses.length < parts) return null;
  return partStatuses.every((s) => s === 'delivered') ? 'delivered' : 'unknown';
}

const HEX = /^[0-9a-f]+$/;
const DECIMAL = /^[0-9]+$/;
/** 2^128: longer ids are opaque strings, never numbers. */
const MAX_DIGITS = { hex: 32, decimal: 39 } as const;

function withoutLeadingZeros(value: string): string {
  return value.replace(/^0+(?=.)/, '');
}

/**
 * The forms under which a receipt may name the id a carrier gave in its submit_sm_resp: SMSCs
 * answer a submit with a hex id and send its receipt in decimal (or the reverse), change the case,
 * or pad with zeros. The submit id is stored under all its forms; a receipt's id is looked up
 * under `receiptIdKey`. An id of digits only is both a decimal number and a hex one, so both
 * readings are kept: the lookup is limited to the carrier that sent the receipt, whose ids share
 * one form in practice.
 */
export function submitIdKeys(id: string): string[] {
  const lower = id.trim().toLowerCase();
  const keys = new Set([lower, withoutLeadingZeros(lower)]);
  if (HEX.test(lower) && lower.length <= MAX_DIGITS.hex) keys.add(BigInt(`0x${lower}`).toString(10));
  if (DECIMAL.test(lower) && lower.length <= MAX_DIGITS.decimal) keys.add(BigInt(lower).toString(16));
  return [...keys];
}

/** The key a receipt's id is looked up under (one of the `submitIdKeys` of the id it names). */
export function receiptIdKey(id: string): string {
  return withoutLeadingZeros(id.trim().toLowerCase());
}

/**
 * How long the receipt pass keeps looking for the message of a receipt that found none. A receipt
 * waits only for the ids of a submit the carrier has already answered, which the worker stores
 * seconds later (and the write of `sent` takes the waiting receipts by key itself, whenever it
 * comes): the pass is there for the race between the two, settled within a pass or two. Past
 * this, a receipt is for a message this platform never had the ids of (a lost answer, another
 * system's traffic on the account, ids a carrier writes in a form `submitIdKeys` does not know),
 * and looking for it again every few seconds until retention only grows the pass.
 */
export const UNMATCHED_RECEIPT_SEARCH_MS = 60 * 60 * 1000;
