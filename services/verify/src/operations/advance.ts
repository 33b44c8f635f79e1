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
 * of `verification`, as just read or as this process last wrote it (a kept copy).
 */
export async function applyChannelStatus(
  deps: FlowDeps,
  verification: VerificationRecord,
  attemptSid: string,
  status: string,
): Promise<'applied' | 'unchanged'> {
  // An attempt's status only moves forward (supersedes), on every path that writes it: a report
  // that changes nothing on this copy changes nothing on any later version of the row either. So
  // it costs nothing, where the locked run would confirm a no-op on a kept copy with a read (the
  // messenger's `sent` after the start recorded the send as sent: one read per start).
  const before = stateOf(verification);
  if (applyAttemptStatus(before, attemptSid, status) === before) return 'unchanged';
  const outcome = await deps.store.locked(verification, deps.lockTimeoutMs, async (held) => {
    const before = stateOf(held.record);
    const after = applyAttemptStatus(before, attemptSid, status);
    if (after === before) return { changed: false, finished: false };
    held.updateAttempt(attemptSid, { status });
    held.update({
      delivered: after.delivered,
      fallbackDueAt: after.fallbackDueAt,
      ...(keepsCode(after) ? {} : { codeSealed: null }),
      // A finished verification's cost still follows its sends (an SMS that fails later is refunded).
      costCents: verificationCost(held.record),
    });
    return { changed: true, finished: await progressLocked(deps, held) };
  });
  if (outcome?.result.finished) await settleSoon(deps, outcome.record);
  return outcome?.result.changed ? 'applied' : 'unchanged';
}

/** What became of an SMS report no attempt showed when it was read (adoptLateSms). */
export type LateSmsOutcome =
  /** Appended to the ended verification as its attempt, with the report's status. */
  | 'adopted'
  /** Its attempt is there now (committed after the report was read): the report still applies to it. */
  | 'present'
  /** The verification is pending: its own fallback attaches the SMS. */
  | 'not_yet';

/**
 * An SMS of this verification that no attempt shows: a fallback the SMS service queued while its
 * answer was lost (a crash, a timeout), after which the verification ended before the fallback
 * was tried again with its request key (a right code checked meanwhile, the expiry). The SMS was
 * sent and charged, so it is this verification's attempt: it is appended, and the cost follows.
 * A verification still pending is left alone: its own fallback replays the key and attaches it
 * (a start never shown, starting or discarded, is not read here). An attempt that committed
 * between the caller's read and this one is `present`: the report has not been applied to it.
 */
export async function adoptLateSms(
  deps: Pick<FlowDeps, 'store' | 'lockTimeoutMs' | 'logger'>,
  verificationSid: string,
  sms: AttemptRecord,
): Promise<LateSmsOutcome> {
  const outcome = await deps.store.locked(verificationSid, deps.lockTimeoutMs, async (held) => {
    const record = held.record;
    if (record.attempts.some((a) => a.sid === sms.sid)) return 'present';
    if (record.status === 'pending') return 'not_yet';
    held.addAttempt(sms);
    held.update({ costCents: verificationCost(held.record) });
    return 'adopted';
  });
  if (outcome?.result === 'adopted') {
    deps.logger.warn({ sid: verificationSid, sms_sid: sms.sid }, 'late SMS fallback attached');
  }
  return outcome?.result ?? 'not_yet';
}
