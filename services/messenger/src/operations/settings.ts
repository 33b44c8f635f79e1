import { applySettingsPatch, type MessengerSettings, type SettingsPatch } from '../domain/settings.js';
import type { MessengerDeps } from './deps.js';

export function readSettings(deps: MessengerDeps, projectId: string): Promise<MessengerSettings> {
  return deps.settings.get(projectId);
}

/** Validates the whole change first (every bad field named), then stores it. */
export function updateSettings(
  deps: MessengerDeps,
  projectId: string,
  patch: SettingsPatch,
): Promise<MessengerSettings> {
  return deps.settings.update(
    projectId,
    (current) => applySettingsPatch(current, patch, deps.rules.minTtlSeconds),
    deps.clock.now(),
  );
}
