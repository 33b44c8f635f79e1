import { DomainError, isStorableJson, isStorableText, normalizePhone, phoneProblem } from '@otp/platform';
import { isValidSenderId } from './sender-id.js';
import type { SmsPurpose } from './delivery.js';

// The checks Sms.Send makes on its input. The gateway validates the public request first; these
// hold for every caller (verify included), and answer in the public API's words.

export const MAX_BODY_LENGTH = 10240;
export const MAX_CALLBACK_LENGTH = 2048;
const MAX_METADATA_KEYS = 32;
const MAX_METADATA_KEY_LENGTH = 64;
const MAX_METADATA_STRING_LENGTH = 512;

export interface SendInput {
  to: string;
  body: string;
  from?: string | undefined;
  callback?: string | undefined;
  metadata_json: string;
  purpose: string;
  /** Purpose verify: the body as it may be shown, its code masked. */
  masked_body?: string | undefined;
}

export interface ValidSend {
  /** E.164 */
  to: string;
  /** ISO 3166-1 alpha-2 of `to`, for its price. */
  country: string;
  body: string;
  from: string | undefined;
  callback: string | undefined;
  metadata: Record<string, string | number | boolean>;
  purpose: SmsPurpose;
  /** What is stored and shown instead of `body` (Verify's text with its code masked). */
  maskedBody: string | undefined;
}

export function isHttpUrl(value: string): boolean {
  if (value.length > MAX_CALLBACK_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function metadataProblem(json: string): { value?: Record<string, string | number | boolean>; problem?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json || '{}');
  } catch {
    return { problem: 'must be a JSON object' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: 'must be an object' };
  if (!isStorableJson(parsed)) return { problem: 'must not contain NUL or unpaired surrogate characters' };
  const entries = Object.entries(parsed);
  if (entries.length > MAX_METADATA_KEYS) return { problem: `at most ${MAX_METADATA_KEYS} keys` };
  for (const [key, value] of entries) {
    if (key.length < 1 || key.length > MAX_METADATA_KEY_LENGTH)
      return { problem: `keys must be 1-${MAX_METADATA_KEY_LENGTH} characters` };
    if (typeof value === 'string' && value.length > MAX_METADATA_STRING_LENGTH) {
      return { problem: `${key} is longer than ${MAX_METADATA_STRING_LENGTH} characters` };
    }
    if (!['string', 'number', 'boolean'].includes(typeof value))
      return { problem: `${key} must be a string, a number or a boolean` };
  }
  return { value: parsed as Record<string, string | number | boolean> };
}

export function validateSend(input: SendInput): ValidSend {
  const problems: string[] = [];
  const phone = normalizePhone(input.to);
  if (!phone) problems.push(phoneProblem('to', input.to)!);
  if (input.body.length === 0) problems.push('body: must not be empty');
  if (input.body.length > MAX_BODY_LENGTH) problems.push(`body: at most ${MAX_BODY_LENGTH} characters`);
  if (!isStorableText(input.body)) problems.push('body: must not contain NUL or unpaired surrogate characters');
  if (input.from !== undefined && !isValidSenderId(input.from))
    problems.push('from: 3-11 letters and digits, at least one letter');
  if (input.callback !== undefined && !isHttpUrl(input.callback)) {
    problems.push(`callback: must be an http or https URL of at most ${MAX_CALLBACK_LENGTH} characters`);
  }
  const metadata = metadataProblem(input.metadata_json);
  if (metadata.problem) problems.push(`metadata: ${metadata.problem}`);
  const purpose = input.purpose || 'direct';
  if (purpose !== 'direct' && purpose !== 'verify') problems.push('purpose: must be direct or verify');
  if (input.masked_body !== undefined) {
    if (purpose !== 'verify') problems.push('masked_body: only for purpose verify');
    if (input.masked_body.length === 0 || input.masked_body.length > MAX_BODY_LENGTH)
      problems.push(`masked_body: 1-${MAX_BODY_LENGTH} characters`);
    if (!isStorableText(input.masked_body))
      problems.push('masked_body: must not contain NUL or unpaired surrogate characters');
  }
  if (problems.length > 0 || !phone || !metadata.value)
    throw new DomainError('INVALID_REQUEST_BODY', problems.join('; '));
  return {
    to: phone.e164,
    country: phone.country,
    body: input.body,
    from: input.from,
    callback: input.callback,
    metadata: metadata.value,
    purpose: purpose as SmsPurpose,
    maskedBody: input.masked_body,
  };
}
