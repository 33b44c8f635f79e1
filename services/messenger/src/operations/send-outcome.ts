import { ProviderRefusal, ProviderUnavailable } from '../provider/client.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';
import { refreshFromProvider } from './undelivered-check.js';

/**
 * What became of a send whose provider answer was lost, on the provider's word: once the provider
 * shows the message (sent, delivered, read, expired, revoked), the code takes that status and
 * keeps (or, undelivered, gives back) its fee. Answers the code unchanged, still `sending`, while
 * the provider cannot be asked or shows no message for the request: the outcome stays unknown and
 * the fee stays taken (the recovery pass decides in the end, asking again).
 */
export async function learnSendOutcome(deps: MessengerDeps, code: Code): Promise<Code> {
  try {
    return await refreshFromProvider(deps, code);
  } catch (error) {
    if (error instanceof ProviderUnavailable || error instanceof ProviderRefusal) {
      deps.logger.warn({ sid: code.sid, err: error }, 'outcome of a send still unknown: the provider did not say');
      return code;
    }
    throw error;
  }
}
