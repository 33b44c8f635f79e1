// The code's status machine. A status learned from the provider (report, status check) or from
// our own expiry check moves a code forward only: `delivered` after `read` changes nothing, and
// the final statuses never change, so reports may arrive late, twice or out of order.
//
// `discarded` is a send that ended in an error answer: its caller never got the sid, so nothing
// shows it (the API answers 404, the console's log leaves it out) and a retry of the request makes
// a new code; the row stays, final, as the record of what the send took and gave back.

export const CODE_STATUSES = [
  'sending',
  'sent',
  'delivered',
  'read',
  'expired',
  'revoked',
  'failed',
  'discarded',
] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

export const FINAL_STATUSES: readonly CodeStatus[] = ['expired', 'revoked', 'failed', 'discarded'];

/** The statuses the API and the console's log show. */
export const SHOWN_STATUSES: readonly CodeStatus[] = CODE_STATUSES.filter((status) => status !== 'discarded');

/** The send never reached the messenger (a capture it made, if any, is refunded). */
export function neverSent(status: CodeStatus): boolean {
  return status === 'sending' || status === 'failed' || status === 'discarded';
}

const PROGRESS: Partial<Record<CodeStatus, number>> = { sending: 0, sent: 1, delivered: 2, read: 3 };

export function isCodeStatus(value: string): value is CodeStatus {
  return (CODE_STATUSES as readonly string[]).includes(value);
}

export function isFinal(status: CodeStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** The message reached the user's device (the fee is then earned whatever happens next). */
export function wasDelivered(status: CodeStatus): boolean {
  return status === 'delivered' || status === 'read';
}

export interface Transition {
  to: CodeStatus;
  /** The messenger fee goes back: the code never reached the user. */
  refund: boolean;
}

/** What learning `next` does to a code now in `current`; undefined when nothing changes. */
export function transition(current: CodeStatus, next: CodeStatus): Transition | undefined {
  if (isFinal(current) || current === next) return undefined;
  const from = PROGRESS[current]!;
  const to = PROGRESS[next];
  if (to !== undefined) return to > from ? { to: next, refund: false } : undefined;
  if (next === 'revoked') return { to: 'revoked', refund: !wasDelivered(current) };
  // `expired` means expired before delivery and `failed` never reached the messenger: neither
  // can describe a message the user already has.
  if (wasDelivered(current)) return undefined;
  return { to: next, refund: true };
}
