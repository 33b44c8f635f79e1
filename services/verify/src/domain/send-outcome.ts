import { isDomainError, outcomeUnknown } from '@otp/platform';

/**
 * Whether a failed Sms.Send / Messenger.Send may still have sent (or may yet send) the code: no
 * answer from the channel service, or its answer that an earlier request with this request key
 * is still running. Such a send is never treated as refused: the verification keeps it due, and
 * the same request key, replayed later, returns the send once it is over.
 */
export function sendOutcomeUnknown(error: unknown): boolean {
  return outcomeUnknown(error) || (isDomainError(error) && error.code === 'IDEMPOTENCY_KEY_IN_USE');
}
