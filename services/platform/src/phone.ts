import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface PhoneNumber {
  /** E.164, e.g. +447700900123 */
  e164: string;
  /** ISO 3166-1 alpha-2, e.g. GB */
  country: string;
}

/**
 * International input only ("+44 7700 900123", "+1 (415) 555-0100"): a number without its country
 * code is ambiguous, so it is refused rather than guessed.
 */
export function normalizePhone(input: string): PhoneNumber | undefined {
  const trimmed = input.trim();
  if (!trimmed.startsWith('+') || trimmed.length > 32) return undefined;
  const parsed = parsePhoneNumberFromString(trimmed);
  if (!parsed || !parsed.isValid() || !parsed.country) return undefined;
  return { e164: parsed.number, country: parsed.country };
}
