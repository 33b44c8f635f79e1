import { senderIdKey, type SenderIdStatus } from '../domain/sender-id.js';
import type { Db } from './database.js';
import { SMS_SETTINGS_DEFAULTS, type SmsSettingsValue } from './settings.js';

export interface SendContext {
  settings: SmsSettingsValue;
  /** The sender ID the send would use (its `from`, else the project's default); null when none is registered. */
  sender: { value: string; status: SenderIdStatus } | null;
}

/**
 * What a send needs to know about its project, in one read: the SMS settings (the spec's defaults
 * when never changed) and the sender ID it would go out with.
 */
export class SendContexts {
  constructor(private readonly db: Db) {}

  async read(projectId: string, from: string | undefined): Promise<SendContext> {
    const rows = await this.db.$queryRaw<
      {
        enabled: boolean | null;
        default_sender_id: string | null;
        callback_url: string | null;
        sender_value: string | null;
        sender_status: SenderIdStatus | null;
      }[]
    >`
      SELECT settings.enabled, settings.default_sender_id, settings.callback_url,
             sender.value AS sender_value, sender.status AS sender_status
        FROM (SELECT 1) AS project
        LEFT JOIN sms_settings settings ON settings.project_id = ${projectId}
        LEFT JOIN sender_ids sender ON sender.project_id = ${projectId}
              AND sender.value_key = COALESCE(${from === undefined ? null : senderIdKey(from)}::text, settings.default_sender_id)`;
    const row = rows[0]!;
    return {
      // No settings row: the defaults (its columns then come back null).
      settings:
        row.enabled === null
          ? SMS_SETTINGS_DEFAULTS
          : { enabled: row.enabled, defaultSenderId: row.default_sender_id, callbackUrl: row.callback_url },
      sender: row.sender_value ? { value: row.sender_value, status: row.sender_status! } : null,
    };
  }
}
