import { verificationCost } from '../domain/settlement.js';
import { advance, applyAttemptStatus, keepsCode } from '../domain/verification.js';
import { stateOf, type AttemptRecord, type VerificationRecord } from '../store/verifications.js';
import type { FlowDeps } from './deps.js';
import { progressLocked } from './progress.js';
import { settleSoon } from './settle.js';

/**
 * Brings a verification up to date: expiry, due fallback, unsettled finish. Called on read and by
 * the timer. The common case (nothing due) costs one read and no lock.
 */
export async function advanceVerification(
  deps: FlowDeps,
  sid: string,
  known?: VerificationRecord,
): Promise<VerificationRecord | undefined> {
  const current = known ?? (await deps.store.find(sid));
  if (!current) return undefined;
  if (current.status !== 'pending') return current.settledAt ? current : settleSoon(deps, current);
  if (advance(stateOf(current), deps.clock.now()).kind === 'none') return current;

  const outcome = await deps.store.locked(current, deps.lockTimeoutMs, (held) => progressLocked(deps, held));
  if (!outcome) return undefined;
  return outcome.result ? settleSoon(deps, outcome.record) : outcome.record;
}

/**
 * A channel reported a status for one of our attempts (events.messenger.status / events.sms.status)
 * of `verification`, as just read.
 */
export async function applyChannelStatus(
  deps: FlowDeps,
  verification: VerificationRecord,
  attemptSid: string,
  status: string,
): Promise<void> {
  const outcome = await deps.store.locked(verification, deps.lockTimeoutMs, async (held) => {
    const before = stateOf(held.record);
    const after = applyAttemptStatus(before, attemptSid, status);
    if (after === before) return false;
    held.updateAttempt(attemptSid, { status });
    held.update({
      delivered: after.delivered,
      fallbackDueAt: after.fallbackDueAt,
      ...(keepsCode(after) ? {} : { codeSealed: null }),
      // A finished verification's cost still follows its sends (an SMS that fails later is refunded).
      costCents: verificationCost(held.record),
    });
    return progressLocked(deps, held);
  });
  if (outcome?.result) await settleSoon(deps, outcome.record);
}

/**
 * An SMS of this verification that no attempt shows: a fallback the SMS service queued while its
 * answer was lost (a crash, a timeout), after which the verification ended before the fallback
 * was tried again with its request key (a right code checked meanwhile, the expiry). The SMS was
 * sent and charged, so it is this verification's attempt: it is appended, and the cost follows.
 * A verification still pending is left alone: its own fallback replays the key and attaches it
 * (a start never shown, starting or discarded, is not read here).
 * Returns whether the SMS is (now) one of its attempts.
 */
export async function adoptLateSms(deps: FlowDeps, verificationSid: string, sms: AttemptRecord): Promise<boolean> {
  const outcome = await deps.store.locked(verificationSid, deps.lockTimeoutMs, async (held) => {
    const record = held.record;
    if (record.attempts.some((a) => a.sid === sms.sid)) return true;
    if (record.status === 'pending') return false;
    held.addAttempt(sms);
    held.update({ costCents: verificationCost(held.record) });
    return true;
  });
  if (outcome?.result) deps.logger.warn({ sid: verificationSid, sms_sid: sms.sid }, 'late SMS fallback attached');
  return outcome?.result ?? false;
}
