// The code's status machine. A status learned from the provider (report, status check) or from
// our own expiry check moves a code forward only: `delivered` after `read` changes nothing, and
// the final statuses never change, so reports may arrive late, twice or out of order.

export const CODE_STATUSES = ['sending', 'sent', 'delivered', 'read', 'expired', 'revoked', 'failed'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

export const FINAL_STATUSES: readonly CodeStatus[] = ['expired', 'revoked', 'failed'];

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
