import { DomainError, MESSENGER_SETTINGS_RANGES } from '@otp/platform';

// Messenger channel settings (docs/api/spec.md, "Settings that shape behaviour"; docs/messenger.md).

export interface MessengerSettings {
  enabled: boolean;
  codeLength: number;
  ttlSeconds: number;
  callbackUrl: string | null;
}

export const DEFAULT_SETTINGS: MessengerSettings = { enabled: true, codeLength: 6, ttlSeconds: 300, callbackUrl: null };

export const CODE_LENGTH_RANGE = MESSENGER_SETTINGS_RANGES.codeLength;
export const MAX_TTL_SECONDS = MESSENGER_SETTINGS_RANGES.ttlSeconds.max;
export const MAX_CALLBACK_LENGTH = 2048;

/** A change to the settings; `callbackUrl: null` clears the default callback. */
export type SettingsPatch = Partial<MessengerSettings>;

/** `field: reason` when the URL is not an absolute http(s) URL of at most 2048 characters. */
export function callbackProblem(field: string, url: string): string | undefined {
  if (url.length > MAX_CALLBACK_LENGTH) return `${field}: must be at most ${MAX_CALLBACK_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${field}: must be an absolute http or https URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${field}: must be an http or https URL`;
  return undefined;
}

/**
 * The settings after `patch`, or INVALID_REQUEST_BODY naming every bad field. `minTtlSeconds`
 * is the product's 30 s except in test deployments.
 */
export function applySettingsPatch(
  current: MessengerSettings,
  patch: SettingsPatch,
  minTtlSeconds: number,
): MessengerSettings {
  const problems: string[] = [];
  const { codeLength, ttlSeconds, callbackUrl } = patch;
  if (
    codeLength !== undefined &&
    (!Number.isInteger(codeLength) || codeLength < CODE_LENGTH_RANGE.min || codeLength > CODE_LENGTH_RANGE.max)
  ) {
    problems.push(`code_length: must be a whole number from ${CODE_LENGTH_RANGE.min} to ${CODE_LENGTH_RANGE.max}`);
  }
  if (
    ttlSeconds !== undefined &&
    (!Number.isInteger(ttlSeconds) || ttlSeconds < minTtlSeconds || ttlSeconds > MAX_TTL_SECONDS)
  ) {
    problems.push(`ttl_seconds: must be a whole number of seconds from ${minTtlSeconds} to ${MAX_TTL_SECONDS}`);
  }
  if (typeof callbackUrl === 'string') {
    const problem = callbackProblem('callback_url', callbackUrl);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw new DomainError('INVALID_REQUEST_BODY', problems.join('; '));
  return {
    enabled: patch.enabled ?? current.enabled,
    codeLength: codeLength ?? current.codeLength,
    ttlSeconds: ttlSeconds ?? current.ttlSeconds,
    callbackUrl: callbackUrl === undefined ? current.callbackUrl : callbackUrl,
  };
}
