import { verificationCost } from '../domain/settlement.js';
import { advance, applyAttemptStatus, keepsCode } from '../domain/verification.js';
import { stateOf, type VerificationRecord } from '../store/verifications.js';
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
