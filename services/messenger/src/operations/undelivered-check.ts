import { undeliveredDeadlinePassed } from '../domain/expiry.js';
import { codeStatusOf } from '../domain/provider-status.js';
import { wasDelivered } from '../domain/status.js';
import { ProviderUnavailable } from '../provider/client.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';
import { refundCode } from './refund.js';

/** Asks the provider for the delivery status (a report may have been lost) and applies it. */
export async function refreshFromProvider(deps: MessengerDeps, code: Code): Promise<Code> {
  if (!code.requestId) return code;
  const status = await deps.provider.checkVerificationStatus(code.requestId);
  if (!status.delivery_status) return code;
  return deps.codes.learn(code, codeStatusOf(status.delivery_status, code.expiresAt), deps.clock.now());
}

/**
 * The undelivered-code check: once a code is past its expiry (plus grace) and still not delivered
 * by the provider's own account, it becomes `expired` and its fee is refunded. Concurrent checks
 * race on one conditional update of the row, so only one decides the refund; Billing's key makes the refund itself once.
 */
export async function checkUndelivered(deps: MessengerDeps, code: Code): Promise<Code> {
  let current = code;
  if (current.status === 'sending' || current.status === 'sent') {
    if (!undeliveredDeadlinePassed(deps.clock.now(), current.expiresAt, deps.rules.expiryGraceMs)) return current;
    try {
      current = await refreshFromProvider(deps, current);
    } catch (error) {
      // Without the provider's word a delivered code could be refunded: try again at the next check.
      if (error instanceof ProviderUnavailable) {
        deps.logger.warn({ err: error, sid: current.sid }, 'undelivered check postponed: provider unavailable');
        return current;
      }
      throw error;
    }
    if (!wasDelivered(current.status)) current = await deps.codes.learn(current, 'expired', deps.clock.now());
  }
  if (current.refund === 'due' && (await refundCode(deps, current))) current = { ...current, refund: 'done' };
  return current;
}
