import { DomainError } from '@otp/platform';
import { hasExpired } from '../domain/expiry.js';
import { codeStatusOf } from '../domain/provider-status.js';
import type { VerificationStatus } from '../provider/wire.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';
import { findCode } from './read-code.js';

const ENTERED_CODE = /^\d{4,8}$/;

/**
 * Checks the code the user entered. The provider holds the code (ours or its own) and counts the
 * wrong ones; our expiry is authoritative, so a code past it is `expired` without asking. Every
 * call is recorded with its answer.
 */
export async function verifyCode(
  deps: MessengerDeps,
  projectId: string,
  sid: string,
  entered: string,
): Promise<{ valid: boolean; verificationStatus: VerificationStatus; code: Code }> {
  if (!ENTERED_CODE.test(entered)) throw new DomainError('INVALID_REQUEST_BODY', 'code: must be 4-8 digits');
  let code = await findCode(deps, projectId, sid);
  let verificationStatus: VerificationStatus = 'expired';
  if (!hasExpired(deps.clock.now(), code.expiresAt) && code.requestId) {
    const answer = await deps.provider.checkVerificationStatus(code.requestId, entered);
    // A check tells the delivery status too; an earlier lost report is caught up here.
    if (answer.delivery_status)
      code = await deps.codes.learn(code, codeStatusOf(answer.delivery_status, code.expiresAt), deps.clock.now());
    verificationStatus = answer.verification_status?.status ?? 'code_invalid';
  }
  await deps.codes.recordCheck(code.sid, verificationStatus, deps.clock.now());
  return { valid: verificationStatus === 'code_valid', verificationStatus, code: { ...code, verificationStatus } };
}
