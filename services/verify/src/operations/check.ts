import { DomainError } from '@otp/platform';
import { check } from '../domain/verification.js';
import { stateOf, type VerificationRecord } from '../store/verifications.js';
import { advanceVerification } from './advance.js';
import type { FlowDeps } from './deps.js';
import { finishLocked } from './progress.js';
import { settleSoon } from './settle.js';

const CODE = /^\d{4,8}$/;

/** The verification of this project, brought up to date (fallback, expiry); 404 for another project's sid. */
export async function readVerification(deps: FlowDeps, projectId: string, sid: string): Promise<VerificationRecord> {
  const record = await deps.store.find(sid);
  if (!record || record.projectId !== projectId)
    throw new DomainError('VERIFICATION_NOT_FOUND', `no verification ${sid} in this project`);
  return (await advanceVerification(deps, sid, record)) ?? record;
}

/**
 * Checks an entered code. The row is held for the decision, so two concurrent checks run one
 * after the other: never both approve, never both spend the same remaining check.
 */
export async function checkCode(
  deps: FlowDeps,
  projectId: string,
  sid: string,
  code: string,
): Promise<{ valid: boolean; verification: VerificationRecord }> {
  if (!CODE.test(code)) throw new DomainError('INVALID_REQUEST_BODY', 'code: must be 4 to 8 digits');
  // The copy this process last wrote, when it has one: the check's write proves it current.
  const found = await deps.store.forChange(sid);
  if (!found || found.projectId !== projectId)
    throw new DomainError('VERIFICATION_NOT_FOUND', `no verification ${sid} in this project`);

  const outcome = await deps.store.locked(found, deps.lockTimeoutMs, async (held) => {
    const step = check(stateOf(held.record), deps.vault.matches(sid, code, held.record.codeMac), deps.clock.now());
    if (step.kind === 'not_pending') return { valid: false, accepted: false, finished: false };
    if (step.kind === 'wrong') {
      held.update({ checksLeft: step.checksLeft });
      return { valid: false, accepted: true, finished: false };
    }
    finishLocked(deps, held, step.finish);
    // A check that finds the verification expired finishes it, and is refused like any late check.
    return { valid: step.valid, accepted: step.finish.status !== 'expired', finished: true };
  });
  if (!outcome) throw new DomainError('VERIFICATION_NOT_FOUND', `no verification ${sid} in this project`);
  const verification =
    (outcome.result.finished ? await settleSoon(deps, outcome.record) : outcome.record) ?? outcome.record;
  if (!outcome.result.accepted) {
    throw new DomainError('VERIFICATION_NOT_PENDING', `verification ${sid} is ${verification.status}; start a new one`);
  }
  return { valid: outcome.result.valid, verification };
}
