import { poolRunner, SettingsCache, type SchemaPool, type StatementRunner } from '@otp/platform';
import { senderIdKey, type SenderIdStatus } from '../domain/sender-id.js';
import { SMS_STATEMENTS } from './message-statements.js';
import { SMS_SETTINGS_DEFAULTS, type SmsSettingsValue } from '../domain/settings.js';

export interface SendContext {
  settings: SmsSettingsValue;
  /** The sender ID the send would use (its `from`, else the project's default); null when none is registered. */
  sender: { value: string; status: SenderIdStatus } | null;
}

/**
 * What a send needs to know about its project, in one read: the SMS settings (the spec's defaults
 * when never changed) and the sender ID it would go out with. Kept at most a second
 * (`SettingsCache`): the stores that change the project's settings or sender IDs (SmsSettingsStore,
 * SenderIds) forget it at once in this process; a change through another replica is read within
 * the second.
 */
export class SendContexts {
  private readonly statements: StatementRunner;
  private readonly recent = new SettingsCache<SendContext>();

  constructor(pool: SchemaPool) {
    this.statements = poolRunner(pool);
  }

  read(projectId: string, from: string | undefined): Promise<SendContext> {
    return this.recent.get(`${projectId}\u0000${from ?? ''}`, () => this.readNow(projectId, from));
  }

  /** The project's settings or sender IDs changed. */
  forget(projectId: string): void {
    this.recent.forget(`${projectId}\u0000`);
  }

  private async readNow(projectId: string, from: string | undefined): Promise<SendContext> {
    const [row] = await this.statements.rows<{
      enabled: boolean | null;
      default_sender_id: string | null;
      callback_url: string | null;
      sender_value: string | null;
      sender_status: SenderIdStatus | null;
    }>(SMS_STATEMENTS.sendContext, [projectId, from === undefined ? null : senderIdKey(from)]);
    return {
      // No settings row: the defaults (its columns then come back null).
      settings:
        row!.enabled === null
          ? SMS_SETTINGS_DEFAULTS
          : { enabled: row!.enabled, defaultSenderId: row!.default_sender_id, callbackUrl: row!.callback_url },
      sender: row!.sender_value ? { value: row!.sender_value, status: row!.sender_status! } : null,
    };
  }
}
