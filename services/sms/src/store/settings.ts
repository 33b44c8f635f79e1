import type { Db } from './database.js';
import type { SendContexts } from './send-context.js';
import { SMS_SETTINGS_DEFAULTS, type SmsSettingsChange, type SmsSettingsValue } from '../domain/settings.js';

export class SmsSettingsStore {
  /** `sendContexts`: the sends' cached view of these settings, forgotten by every change here. */
  constructor(
    private readonly db: Db,
    private readonly sendContexts: Pick<SendContexts, 'forget'>,
  ) {}

  /** A raw read: Verify asks for these on every start. */
  async get(projectId: string): Promise<SmsSettingsValue> {
    const rows = await this.db.$queryRaw<
      { enabled: boolean; default_sender_id: string | null; callback_url: string | null }[]
    >`SELECT enabled, default_sender_id, callback_url FROM sms_settings WHERE project_id = ${projectId}`;
    const row = rows[0];
    return row
      ? { enabled: row.enabled, defaultSenderId: row.default_sender_id, callbackUrl: row.callback_url }
      : SMS_SETTINGS_DEFAULTS;
  }

  async update(projectId: string, change: SmsSettingsChange, now: Date): Promise<SmsSettingsValue> {
    const row = await this.db.smsSettings.upsert({
      where: { projectId },
      create: { projectId, ...SMS_SETTINGS_DEFAULTS, ...change, updatedAt: now },
      update: { ...change, updatedAt: now },
    });
    this.sendContexts.forget(projectId);
    return { enabled: row.enabled, defaultSenderId: row.defaultSenderId, callbackUrl: row.callbackUrl };
  }
}
