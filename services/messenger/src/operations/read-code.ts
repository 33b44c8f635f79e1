import { DomainError } from '@otp/platform';
import { wasDelivered, isFinal } from '../domain/status.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';
import { refundCode } from './refund.js';
import { learnSendOutcome } from './send-outcome.js';
import { checkUndelivered, refreshFromProvider } from './undelivered-check.js';

export async function findCode(deps: MessengerDeps, projectId: string, sid: string): Promise<Code> {
  const code = await deps.codes.find(projectId, sid);
  if (!code) throw new DomainError('MESSAGE_NOT_FOUND', `no messenger code ${sid} in this project`);
  return code;
}

/**
 * GET: reading runs the undelivered-code check (and its refund) first, and asks the provider what
 * became of a send whose answer was lost.
 */
export async function readCode(deps: MessengerDeps, projectId: string, sid: string): Promise<Code> {
  let code = await findCode(deps, projectId, sid);
  if (code.status === 'sending' && code.sendUnknown) code = await learnSendOutcome(deps, code);
  return checkUndelivered(deps, code);
}

/**
 * Verify settles a code it sent when the verification finishes (or falls back). The provider is
 * asked first (`checkVerificationStatus`: a report may be late or lost), so a code it delivered is
 * never refunded. `codeUsed`: the verification was approved with a code only this message carried,
 * so the user read it: delivered, whatever the provider reported so far; it keeps its charge (the
 * provider billed the operator for it). Otherwise a code still undelivered is revoked at the
 * provider (it must not arrive after its fee went back) and refunded.
 */
export async function settleCode(deps: MessengerDeps, projectId: string, sid: string, codeUsed = false): Promise<Code> {
  let code = await findCode(deps, projectId, sid);
  if (!isFinal(code.status) && !wasDelivered(code.status)) {
    code = await refreshFromProvider(deps, code);
    if (!isFinal(code.status) && !wasDelivered(code.status)) {
      if (codeUsed) {
        code = await deps.codes.learn(code, 'delivered', deps.clock.now());
      } else {
        if (code.requestId) {
          await deps.provider.revokeVerificationMessage(code.requestId);
          // A revoke cannot take back a message delivered meanwhile: the provider says which it was.
          code = await refreshFromProvider(deps, code);
        }
        if (!wasDelivered(code.status)) code = await deps.codes.learn(code, 'revoked', deps.clock.now());
      }
    }
  }
  if (code.refund === 'due' && (await refundCode(deps, code))) code = { ...code, refund: 'done' };
  return code;
}
