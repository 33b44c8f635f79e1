// Where each part of a message stands, as `carrier_message_ids` keeps it (one entry a part): the
// rule that no destination ever gets more than two copies of a part. A part a carrier accepted
// (any 0x00, with or without an id) is never submitted again. A part submitted without an answer
// (a timeout, a lost connection) may be at a carrier: it may be submitted once more, and a second
// submit without an answer ends the message, since a third copy could reach the handset.

/** Not at any carrier: never submitted, or refused. */
export const NOT_SENT = '';
/** Submitted once without an answer. Outside what an SMPP id can hold (ASCII), so never a carrier's id. */
export const UNANSWERED = '\u2047';
/** Accepted with an empty message_id: sent, and no receipt can name it. */
export const ACCEPTED_WITHOUT_ID = '\u2205';

export type PartState = 'not_sent' | 'unanswered' | 'accepted';

export function partState(entry: string): PartState {
  if (entry === NOT_SENT) return 'not_sent';
  if (entry === UNANSWERED) return 'unanswered';
  return 'accepted';
}

/** The carrier id a receipt can name, when the part has one. */
export function carrierIdOf(entry: string): string | undefined {
  return partState(entry) === 'accepted' && entry !== ACCEPTED_WITHOUT_ID ? entry : undefined;
}

/** What a submit's outcome makes of a part's entry; `twice` when it went unanswered a second time. */
export function afterSubmit(
  entry: string,
  outcome: { result: 'accepted'; carrierMessageId: string } | { result: 'refused' | 'not_sent' | 'no_answer' },
): { entry: string; twice: boolean } {
  if (outcome.result === 'accepted') {
    return {
      entry: outcome.carrierMessageId.trim() === '' ? ACCEPTED_WITHOUT_ID : outcome.carrierMessageId,
      twice: false,
    };
  }
  if (outcome.result === 'no_answer') return { entry: UNANSWERED, twice: entry === UNANSWERED };
  return { entry, twice: false };
}
