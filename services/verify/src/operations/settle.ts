import { SUBJECTS, verificationResource } from '@otp/platform';
import { moneyKeys, refundsFee, verificationCost } from '../domain/settlement.js';
import type { VerificationRecord } from '../store/verifications.js';
import { toMessage } from '../views/verification-message.js';
import type { FlowDeps } from './deps.js';
import { settleMessengerLocked } from './progress.js';

/**
 * Settles a finished verification: messenger sends checked (refunded when undelivered), the fee
 * refunded when nothing was delivered, cost recorded, then the one `verification.<status>` event.
 * Holding the row makes concurrent settlers queue; `settled_at` makes all but the first a no-op.
 * A failed peer call rolls the whole step back; the timer retries it (money calls are idempotent).
 * `verification` is the sid, or the copy the finish just wrote.
 */
export async function settle(
  deps: FlowDeps,
  verification: string | VerificationRecord,
): Promise<VerificationRecord | undefined> {
  const outcome = await deps.store.locked(verification, deps.lockTimeoutMs, async (held) => {
    if (held.record.status === 'pending' || held.record.settledAt) return false;
    await settleMessengerLocked(deps, held);
    const record = held.record;
    if (refundsFee(record) && !record.feeRefunded) {
      held.needsLock();
      await deps.peers.billing.Refund({
        project_id: record.projectId,
        amount_cents: record.feeCents,
        idempotency_key: moneyKeys.feeRefund(record.sid),
        reference: record.sid,
        description: 'verify fee: no channel delivered',
      });
      held.update({ feeRefunded: true });
    }
    const now = deps.clock.now();
    held.update({ costCents: verificationCost(held.record), settledAt: now, codeSealed: null });
    const headers: Record<string, string> = held.record.callbackUrl
      ? { 'otp-callback-url': held.record.callbackUrl }
      : {};
    held.addEvent(
      SUBJECTS.verificationFinished,
      `verification.${held.record.status}`,
      verificationResource(toMessage(held.record)),
      headers,
      now,
    );
    return true;
  });
  if (outcome?.result) deps.wakeRelay();
  return outcome?.record;
}

/** Settles without failing the caller: a peer outage leaves the row for the timer. */
export async function settleSoon(
  deps: FlowDeps,
  verification: string | VerificationRecord,
): Promise<VerificationRecord | undefined> {
  try {
    return await settle(deps, verification);
  } catch (error) {
    const sid = typeof verification === 'string' ? verification : verification.sid;
    deps.logger.warn({ sid, err: error }, 'settlement failed; the timer retries it');
    return deps.store.find(sid);
  }
}
