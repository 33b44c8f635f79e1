import { DomainError, parseDestinationPrefix } from '@otp/platform';
import type { GuardDeps } from './deps.js';

export async function listBlocks(deps: GuardDeps, projectId: string) {
  const blocks = await deps.starts.activeBlocks(projectId, deps.clock.now());
  return blocks.map((block) => ({
    prefix: `+${block.prefix}`,
    reason: block.reason,
    mode: block.mode,
    since: block.since.toISOString(),
    until: block.until.toISOString(),
  }));
}

/** Lifts a prefix's block and announces it (fraud.prefix_unblocked). */
export async function liftBlock(deps: GuardDeps, projectId: string, input: string): Promise<void> {
  const prefix = parseDestinationPrefix(input);
  if (!prefix) throw new DomainError('INVALID_ARGUMENT', 'prefix must be digits, optionally after a +');
  const settings = await deps.settings.get(projectId);
  const lifted = await deps.starts.liftBlock(projectId, prefix, deps.clock.now(), settings.callback_url);
  if (!lifted) throw new DomainError('NOT_FOUND', `no active block on +${prefix}`);
  deps.wakeRelay();
  deps.logger.info({ project_id: projectId, prefix }, 'block lifted');
}
