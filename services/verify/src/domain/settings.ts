import { CODE_PLACEHOLDER, DomainError, verifySettingsPatch } from '@otp/platform';
import type { z } from 'zod';

export { CODE_PLACEHOLDER };

// Verify settings as the spec's table defines them. Pure: defaults, the patch format, and the
// rules a whole set of settings must satisfy (some rules span two fields, so a patch is merged
// first and the result validated as a whole).

export type VerifyChannel = 'messenger' | 'sms';

export interface VerifySettings {
  enabled: boolean;
  channel: VerifyChannel;
  smsFallback: boolean;
  switchOnFailure: boolean;
  fallbackWaitSeconds: number;
  codeLength: number;
  expiryMinutes: number;
  maxWrongCodes: number;
  /** null: the SMS channel's default sender ID. */
  senderId: string | null;
  smsText: string;
  callbackUrl: string | null;
}

export const DEFAULT_SETTINGS: Readonly<VerifySettings> = Object.freeze({
  enabled: true,
  channel: 'messenger',
  smsFallback: true,
  switchOnFailure: true,
  fallbackWaitSeconds: 60,
  codeLength: 6,
  expiryMinutes: 10,
  maxWrongCodes: 5,
  senderId: null,
  smsText: `Your verification code is ${CODE_PLACEHOLDER}`,
  callbackUrl: null,
});

/** The admin API's PATCH body (snake_case); null clears sender_id / callback_url. */
export const settingsPatch = verifySettingsPatch;

export type SettingsPatch = z.infer<typeof settingsPatch>;

function invalid(problems: string[]): DomainError {
  return new DomainError('INVALID_REQUEST_BODY', problems.join('; '));
}

/** Parses a patch; the error names each bad field as `field: reason`. */
export function parseSettingsPatch(input: unknown): SettingsPatch {
  const result = settingsPatch.safeParse(input);
  if (result.success) return result.data;
  throw invalid(
    result.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${key}: unknown field`).join('; ');
      return `${issue.path.join('.') || 'body'}: ${issue.message}`;
    }),
  );
}

/** Applies a parsed patch and checks the rules that span fields. */
export function applySettingsPatch(current: VerifySettings, patch: SettingsPatch): VerifySettings {
  const next: VerifySettings = {
    enabled: patch.enabled ?? current.enabled,
    channel: patch.channel ?? current.channel,
    smsFallback: patch.sms_fallback ?? current.smsFallback,
    switchOnFailure: patch.switch_on_failure ?? current.switchOnFailure,
    fallbackWaitSeconds: patch.fallback_wait_seconds ?? current.fallbackWaitSeconds,
    codeLength: patch.code_length ?? current.codeLength,
    expiryMinutes: patch.expiry_minutes ?? current.expiryMinutes,
    maxWrongCodes: patch.max_wrong_codes ?? current.maxWrongCodes,
    senderId: patch.sender_id === undefined ? current.senderId : patch.sender_id,
    smsText: patch.sms_text ?? current.smsText,
    callbackUrl: patch.callback_url === undefined ? current.callbackUrl : patch.callback_url,
  };
  if (next.fallbackWaitSeconds >= next.expiryMinutes * 60) {
    // Name the field the caller changed, so the message points at what to fix.
    const field =
      patch.expiry_minutes !== undefined && patch.fallback_wait_seconds === undefined
        ? 'expiry_minutes'
        : 'fallback_wait_seconds';
    throw invalid([
      `${field}: fallback_wait_seconds (${next.fallbackWaitSeconds}) must be below the expiry (${next.expiryMinutes * 60} seconds)`,
    ]);
  }
  return next;
}

/** SMS fallback applies only to the messenger channel (spec: "only with the messenger channel"). */
export function fallbackEnabled(settings: Pick<VerifySettings, 'channel' | 'smsFallback'>): boolean {
  return settings.channel === 'messenger' && settings.smsFallback;
}

/** Whether a verification started with these settings may send an SMS at all. */
export function needsSenderId(settings: Pick<VerifySettings, 'channel' | 'smsFallback'>): boolean {
  return settings.channel === 'sms' || fallbackEnabled(settings);
}
