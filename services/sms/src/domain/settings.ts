// A project's SMS settings as the service decides with them (pure): what the store keeps and the sends read.

export interface SmsSettingsValue {
  enabled: boolean;
  /** value_key of the default sender ID */
  defaultSenderId: string | null;
  callbackUrl: string | null;
}

export interface SmsSettingsChange {
  enabled?: boolean;
  defaultSenderId?: string | null;
  callbackUrl?: string | null;
}

/** A project that never changed its settings has the spec's defaults: on, no sender ID, no callback. */
export const SMS_SETTINGS_DEFAULTS: SmsSettingsValue = { enabled: true, defaultSenderId: null, callbackUrl: null };
