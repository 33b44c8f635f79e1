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
  // One parse decides a valid number (every service checks each number it gets, on every send);
  // only a refusal pays for the second one that says why.
  const parsed = parsePhoneNumberFromString(trimmed);
  if (parsed?.country && parsed.isValid()) {
    return {
      ok: true,
      phone: { e164: parsed.number, country: parsed.country, callingCode: parsed.countryCallingCode },
    };
  }
  return { ok: false, reason: refusalOf(trimmed, parsed) };
}

/** What is wrong with a number the parse did not accept: its country code, its length or its range. */
function refusalOf(trimmed: string, parsed: ReturnType<typeof parsePhoneNumberFromString>): string {
  const length = validatePhoneNumberLength(trimmed);
  if (length === 'INVALID_COUNTRY') return 'unknown country calling code';
  if (length === 'NOT_A_NUMBER') return 'not a phone number';
  const country = parsed?.country ?? (parsed ? countryOfCallingCode(parsed.countryCallingCode) : undefined);
  const where = country ? ` for ${country}` : '';
  if (length === 'TOO_SHORT') return `too short${where}`;
  if (length === 'TOO_LONG') return `too long${where}`;
  // Lengths fit, but the numbering plan has no such range (e.g. +44 7700 900xxx, kept for drama).
  return `not a valid number${where}`;
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
