import { Metadata, parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max';

export interface PhoneNumber {
  /** E.164, e.g. +447700123456 */
  e164: string;
  /** ISO 3166-1 alpha-2, e.g. GB */
  country: string;
  /** Country calling code without the +, e.g. 44 */
  callingCode: string;
}

export type PhoneCheck = { ok: true; phone: PhoneNumber } | { ok: false; reason: string };

const MAX_INPUT_LENGTH = 32;
// The metadata class answers which countries share a calling code, main country first; its
// typings leave that method out, hence this view of it.
const metadata = new Metadata() as unknown as { getCountryCodesForCallingCode?(code: string): string[] | undefined };

/** "GB" for +44, "US" for +1: the main country of a calling code. */
function countryOfCallingCode(callingCode: string): string | undefined {
  return metadata.getCountryCodesForCallingCode?.(callingCode)?.[0];
}

/**
 * International input only ("+44 7700 123456", "+1 (415) 555-0100"): a number without its country
 * code is ambiguous, so it is refused rather than guessed. A refusal says what is wrong, because
 * "invalid phone number" leaves a developer guessing between format, length and numbering plan.
 */
export function checkPhone(input: string): PhoneCheck {
  const trimmed = input.trim();
  if (!trimmed.startsWith('+')) {
    return { ok: false, reason: 'must start with + and the country code (international format, e.g. +447700123456)' };
  }
  if (trimmed.length > MAX_INPUT_LENGTH) return { ok: false, reason: `at most ${MAX_INPUT_LENGTH} characters` };
  const length = validatePhoneNumberLength(trimmed);
  if (length === 'INVALID_COUNTRY') return { ok: false, reason: 'unknown country calling code' };
  if (length === 'NOT_A_NUMBER') return { ok: false, reason: 'not a phone number' };
  const parsed = parsePhoneNumberFromString(trimmed);
  const country = parsed?.country ?? (parsed ? countryOfCallingCode(parsed.countryCallingCode) : undefined);
  const where = country ? ` for ${country}` : '';
  if (length === 'TOO_SHORT') return { ok: false, reason: `too short${where}` };
  if (length === 'TOO_LONG') return { ok: false, reason: `too long${where}` };
  if (!parsed || !parsed.isValid() || !parsed.country) {
    // Lengths fit, but the numbering plan has no such range (e.g. +44 7700 900xxx, kept for drama).
    return { ok: false, reason: `not a valid number${where}` };
  }
  return {
    ok: true,
    phone: { e164: parsed.number, country: parsed.country, callingCode: parsed.countryCallingCode },
  };
}

/** The number in E.164 with its country, or undefined when checkPhone refuses it. */
export function normalizePhone(input: string): PhoneNumber | undefined {
  const check = checkPhone(input);
  return check.ok ? check.phone : undefined;
}

/** `to: <reason>` for the services' own field-by-field validation messages. */
export function phoneProblem(field: string, input: string): string | undefined {
  const check = checkPhone(input);
  return check.ok ? undefined : `${field}: ${check.reason}`;
}
