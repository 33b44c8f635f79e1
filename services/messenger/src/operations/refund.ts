import { isDomainError } from '@otp/platform';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';

/**
 * Gives the messenger fee back for a code whose refund is due. Billing's idempotency key
 * (`<sid>:refund`) makes a repeat (a retry, a second process) a no-op; a failure leaves the refund
 * due and the timer tries again.
 */
export async function refundCode(
  deps: MessengerDeps,
  code: Pick<Code, 'sid' | 'projectId' | 'costCents' | 'refund'>,
): Promise<boolean> {
  if (code.refund !== 'due') return false;
  try {
    await deps.billing.Refund({
      project_id: code.projectId,
      amount_cents: code.costCents,
      idempotency_key: `${code.sid}:refund`,
      reference: code.sid,
      description: 'messenger code not delivered',
    });
  } catch (error) {
    // The charge never reached the ledger (its call failed in flight): there is nothing to give back.
    if (!(isDomainError(error) && error.code === 'REFUND_EXCEEDS_CHARGE')) {
      deps.logger.warn({ err: error, sid: code.sid }, 'messenger refund failed, will retry');
      return false;
    }
  }
  await deps.codes.markRefunded(code.sid, deps.clock.now());
  return true;
}
