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

/**
 * How a carrier writes its message ids, declared per carrier (carriers file `id_format`), so a
 * receipt names exactly one id: `hex` and `decimal` are numbers written in that base (case and
 * leading zeros do not matter), `opaque` is text compared as it is (trimmed). A carrier that
 * answers submits in hex and writes receipts' text in decimal declares both (`receipt_text_id_format`).
 */
export type IdFormat = 'hex' | 'decimal' | 'opaque';

/** The id formats of one carrier: its submit_sm_resp ids (and receipted_message_id TLVs), and the id in its receipts' text. */
export interface CarrierIdFormats {
  submit: IdFormat;
  receiptText: IdFormat;
}

/** SMPP 3.4 message ids are at most 64 characters (65 with the NUL). */
const MAX_ID_LENGTH = 64;
const DIGITS: Record<Exclude<IdFormat, 'opaque'>, RegExp> = { hex: /^[0-9a-f]+$/i, decimal: /^[0-9]+$/ };

/**
 * The key an id written in `format` is stored and looked up under: the number it names (in
 * lower-case hex, so a hex id and its decimal form share it), or the trimmed text of an opaque
 * id. Undefined when the id is not written in that format: it matches nothing.
 */
export function idKey(id: string, format: IdFormat): string | undefined {
  const text = id.trim();
  if (text === '' || text.length > MAX_ID_LENGTH) return undefined;
  if (format === 'opaque') return text;
  if (!DIGITS[format].test(text)) return undefined;
  return BigInt(format === 'hex' ? `0x${text}` : text).toString(16);
}

/** Numbers compare with numbers and text with text: formats whose keys a receipt can match. */
export function formatsAgree(formats: CarrierIdFormats): boolean {
  return (formats.submit === 'opaque') === (formats.receiptText === 'opaque');
}

/**
 * When the handset got the message, from its parts' receipts: the latest done date, never before
 * the message was sent (`sentAt`) nor after its receipt came. A done date has minute precision at
 * best (and the SMSC's clock is not ours), so one outside that span gives way to the time the
 * receipt came, and nothing goes before the send.
 */
export function deliveredAt(parts: readonly { doneAt: Date | null; receivedAt: Date }[], sentAt: Date): Date {
  const times = parts.map((p) =>
    (p.doneAt && p.doneAt >= sentAt && p.doneAt <= p.receivedAt ? p.doneAt : p.receivedAt).getTime(),
  );
  return new Date(Math.max(sentAt.getTime(), ...times));
}

/**
 * How long the receipt pass keeps looking for the message of a receipt that found none. A receipt
 * waits only for the ids of a submit the carrier has already answered, which the worker stores
 * seconds later (and the write of `sent` takes the waiting receipts by key itself, whenever it
 * comes): the pass is there for the race between the two, settled within a pass or two. Past
 * this, a receipt is for a message this platform never had the ids of (a lost answer, another
 * system's traffic on the account, ids a carrier writes in a form its declared id format does not read),
 * and looking for it again every few seconds until retention only grows the pass.
 */
export const UNMATCHED_RECEIPT_SEARCH_MS = 60 * 60 * 1000;
