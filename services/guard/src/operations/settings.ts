import { DomainError } from '@otp/platform';
import { parseFraudSettingsPatch, spendLimitCents, type FraudSettingsView } from '../domain/settings.js';
import type { GuardDeps } from './deps.js';

/**
 * Applies a patch of the fraud settings. The daily spend limit is enforced by Billing inside each
 * debit (the only place today's spend is exact), so it is handed to Billing first: if that fails,
 * nothing changed here either and the operator retries.
 */
export async function updateFraudSettings(
  deps: GuardDeps,
  projectId: string,
  patchJson: string,
): Promise<FraudSettingsView> {
  if (!projectId) throw new DomainError('INVALID_ARGUMENT', 'project_id is required');
  const patch = parseFraudSettingsPatch(patchJson);
  const cents = patch.daily_spend_limit === undefined ? undefined : spendLimitCents(patch.daily_spend_limit);
  if (cents !== undefined) {
    await deps.billing.SetSpendLimit({ project_id: projectId, daily_spend_limit_cents: cents ?? -1 });
  }
  return deps.settings.update(projectId, patch, cents);
}
