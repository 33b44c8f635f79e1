import { deliveryOf } from './attempt-status.js';
import type { AttemptState, VerificationStatus } from './verification.js';

// Who pays for what when a verification finishes (spec, "Charges and refunds"):
// - an undelivered messenger send is refunded (the messenger service decides and refunds it
//   when verify settles the code);
// - the Verify fee is refunded when no channel delivered;
// - an SMS the carrier accepted is not refunded (a failed SMS is refunded by the SMS service).
// `cost` is the fee plus the current cost of each send, refunded ones counting 0.00.

/** An attempt's cost as the public API shows it: failed SMS were refunded by the SMS service. */
export function attemptCost(attempt: AttemptState): number {
  if (attempt.channel === 'sms' && deliveryOf('sms', attempt.status) === 'undelivered') return 0;
  return attempt.costCents;
}

export function refundsFee(verification: { status: VerificationStatus; delivered: boolean }): boolean {
  // An approved verification proves the code reached the user, whatever the reports say.
  return verification.status !== 'pending' && verification.status !== 'approved' && !verification.delivered;
}

export function verificationCost(verification: {
  feeCents: number;
  feeRefunded: boolean;
  attempts: AttemptState[];
}): number {
  const fee = verification.feeRefunded ? 0 : verification.feeCents;
  return verification.attempts.reduce((sum, attempt) => sum + attemptCost(attempt), fee);
}

/** Messenger attempts verify still has to settle (ask for the refund check) at finish or fallback. */
export function messengerAttemptsToSettle(attempts: AttemptState[]): AttemptState[] {
  return attempts.filter(
    (a) => a.channel === 'messenger' && a.costCents > 0 && deliveryOf('messenger', a.status) !== 'delivered',
  );
}

/**
 * An approved verification whose code no SMS can have carried (none was sent, or none reached the
 * carrier) got it from the messenger: that send reached the user, whatever the provider reported
 * so far, and keeps its charge (the operator paid the provider for it).
 */
export function messengerCarriedTheCode(verification: {
  status: VerificationStatus;
  attempts: AttemptState[];
}): boolean {
  return (
    verification.status === 'approved' &&
    verification.attempts.every((a) => a.channel === 'messenger' || deliveryOf('sms', a.status) === 'undelivered')
  );
}

/** Idempotency keys: the sid plus the reason, so a replayed settlement never moves money twice. */
export const moneyKeys = {
  hold: (sid: string) => `${sid}:hold`,
  fee: (sid: string) => `${sid}:fee`,
  feeRefund: (sid: string) => `${sid}:fee-refund`,
  release: (sid: string) => `${sid}:release`,
};
