import { CALLBACK_URL_HEADER, giveBack, SUBJECTS, verificationResource } from '@otp/platform';
import { deliveryOf, supersedes } from '../domain/attempt-status.js';
import { moneyKeys, refundsFee, verificationCost } from '../domain/settlement.js';
import { applyAttemptStatus } from '../domain/verification.js';
import { stateOf, type LockedVerification, type VerificationRecord } from '../store/verifications.js';
import { toMessage } from '../views/verification-message.js';
import type { FlowDeps } from './deps.js';
import { settleMessengerLocked } from './progress.js';

/**
 * Before the fee is refunded for "no channel delivered", the SMS service is asked about every SMS
 * the events still show in flight: the refund is decided on the owner's word, not on a report
 * that may be late (or was lost while verify could not apply it).
 */
async function refreshSmsLocked(deps: FlowDeps, held: LockedVerification): Promise<void> {
  const inFlight = held.record.attempts.filter(
    (a) => a.channel === 'sms' && deliveryOf('sms', a.status) === 'in_flight',
  );
  if (inFlight.length > 0) held.needsLock();
  for (const attempt of inFlight) {
    const message = await deps.peers.sms.Get({ project_id: held.record.projectId, sid: attempt.sid });
    if (!supersedes('sms', attempt.status, message.status)) continue;
    const after = applyAttemptStatus(stateOf(held.record), attempt.sid, message.status);
    held.updateAttempt(attempt.sid, { status: message.status });
    if (after.delivered && !held.record.delivered) held.update({ delivered: true });
  }
}

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
    if (refundsFee(held.record) && !held.record.feeRefunded) await refreshSmsLocked(deps, held);
    const record = held.record;
    if (refundsFee(record) && !record.feeRefunded) {
      held.needsLock();
      await giveBack(deps.peers.billing, {
        refund: {
          project_id: record.projectId,
          amount_cents: record.feeCents,
          idempotency_key: moneyKeys.feeRefund(record.sid),
          reference: record.sid,
          description: 'verify fee: no channel delivered',
        },
      });
      held.update({ feeRefunded: true });
    }
    const now = deps.clock.now();
    held.update({ costCents: verificationCost(held.record), settledAt: now, codeSealed: null });
    const headers: Record<string, string> = held.record.callbackUrl
      ? { [CALLBACK_URL_HEADER]: held.record.callbackUrl }
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
