import {
  spendLimitAmount,
  type FraudSettingsPatch,
  type FraudSettingsView,
  type PumpingProtection,
} from '../domain/settings.js';
import { Prisma, type FraudSettings } from '../generated/prisma/client.js';
import type { Db } from './database.js';

// Admin paths (cold): model queries.

function view(row: FraudSettings): FraudSettingsView {
  return {
    allowed_countries: Array.isArray(row.allowedCountries) ? (row.allowedCountries as string[]) : null,
    number_limit: row.numberLimit,
    number_window_seconds: row.numberWindowSeconds,
    pending_per_number: row.pendingPerNumber,
    ip_limit: row.ipLimit,
    ip_window_seconds: row.ipWindowSeconds,
    project_rps: row.projectRps,
    daily_spend_limit: spendLimitAmount(row.dailySpendLimitCents === null ? null : Number(row.dailySpendLimitCents)),
    pumping_protection: row.pumpingProtection as PumpingProtection,
    callback_url: row.callbackUrl,
    safe_numbers: row.safeNumbers,
  };
}

export class SettingsStore {
  constructor(private readonly db: Db) {}

  async get(projectId: string): Promise<FraudSettingsView> {
    return view(await this.db.fraudSettings.upsert({ where: { projectId }, create: { projectId }, update: {} }));
  }

  async update(
    projectId: string,
    patch: FraudSettingsPatch,
    spendLimitCents: number | null | undefined,
  ): Promise<FraudSettingsView> {
    const data = {
      ...(patch.allowed_countries !== undefined ? { allowedCountries: patch.allowed_countries ?? Prisma.DbNull } : {}),
      ...(patch.number_limit !== undefined ? { numberLimit: patch.number_limit } : {}),
      ...(patch.number_window_seconds !== undefined ? { numberWindowSeconds: patch.number_window_seconds } : {}),
      ...(patch.pending_per_number !== undefined ? { pendingPerNumber: patch.pending_per_number } : {}),
      ...(patch.ip_limit !== undefined ? { ipLimit: patch.ip_limit } : {}),
      ...(patch.ip_window_seconds !== undefined ? { ipWindowSeconds: patch.ip_window_seconds } : {}),
      ...(patch.project_rps !== undefined ? { projectRps: patch.project_rps } : {}),
      ...(spendLimitCents !== undefined
        ? { dailySpendLimitCents: spendLimitCents === null ? null : BigInt(spendLimitCents) }
        : {}),
      ...(patch.pumping_protection !== undefined ? { pumpingProtection: patch.pumping_protection } : {}),
      ...(patch.callback_url !== undefined ? { callbackUrl: patch.callback_url } : {}),
      ...(patch.safe_numbers !== undefined ? { safeNumbers: patch.safe_numbers } : {}),
      updatedAt: new Date(),
    };
    return view(
      await this.db.fraudSettings.upsert({ where: { projectId }, create: { projectId, ...data }, update: data }),
    );
  }
}
