import { applySettingsPatch, parseSettingsPatch, type VerifySettings } from '../domain/settings.js';
import { changeSettings } from '../store/settings.js';
import type { FlowDeps } from './deps.js';
import { approvedSenderId } from './sender-id.js';

/** Admin PATCH: only the given fields change; the result is validated as a whole. */
export async function updateSettings(
  deps: Pick<FlowDeps, 'db' | 'peers' | 'settings'>,
  projectId: string,
  patchJson: string,
): Promise<VerifySettings> {
  let body: unknown;
  try {
    body = JSON.parse(patchJson || '{}');
  } catch {
    body = undefined;
  }
  const patch = parseSettingsPatch(body);
  // Stored in the casing it was registered with, like every sender ID.
  const senderId = patch.sender_id ? await approvedSenderId(deps.peers, projectId, patch.sender_id) : patch.sender_id;
  const changed = await changeSettings(deps.db, projectId, (current) =>
    applySettingsPatch(current, { ...patch, ...(patch.sender_id === undefined ? {} : { sender_id: senderId }) }),
  );
  // The next start in this process reads the change; other replicas within a second.
  deps.settings.forget(projectId);
  return changed;
}
