// The spec's settings and their ranges ("Settings that shape behaviour"), as form fields. The API
// enforces the same ranges; the form says them up front and refuses out-of-range values early.

export type Field =
  | { name: string; label: string; kind: 'boolean' }
  | { name: string; label: string; kind: 'integer'; min: number; max: number; unit?: string }
  | { name: string; label: string; kind: 'choice'; options: readonly string[] }
  | { name: string; label: string; kind: 'text'; maxLength: number; mustContain?: string; nullable?: boolean }
  | { name: string; label: string; kind: 'url' }
  | { name: string; label: string; kind: 'sender' }
  | { name: string; label: string; kind: 'list'; hint: string }
  | { name: string; label: string; kind: 'amount' };

export const VERIFY_FIELDS: Field[] = [
  { name: 'enabled', label: 'Verify enabled', kind: 'boolean' },
  { name: 'channel', label: 'Channel', kind: 'choice', options: ['messenger', 'sms'] },
  { name: 'sms_fallback', label: 'SMS fallback (messenger channel only)', kind: 'boolean' },
  { name: 'switch_on_failure', label: 'Switch when messenger cannot deliver', kind: 'boolean' },
  {
    name: 'fallback_wait_seconds',
    label: 'Fallback wait',
    kind: 'integer',
    min: 10,
    max: 600,
    unit: 'seconds, below the expiry',
  },
  { name: 'code_length', label: 'Code length', kind: 'integer', min: 4, max: 8, unit: 'digits' },
  { name: 'expiry_minutes', label: 'Code expires after', kind: 'integer', min: 1, max: 60, unit: 'minutes' },
  { name: 'max_wrong_codes', label: 'Wrong codes allowed', kind: 'integer', min: 1, max: 10 },
  { name: 'sender_id', label: 'Sender ID (approved ones only)', kind: 'sender' },
  { name: 'sms_text', label: 'SMS text', kind: 'text', maxLength: 320, mustContain: '{code}' },
  { name: 'callback_url', label: 'Callback URL', kind: 'url' },
];

export const MESSENGER_FIELDS: Field[] = [
  { name: 'enabled', label: 'Messenger channel enabled', kind: 'boolean' },
  { name: 'code_length', label: 'Code length', kind: 'integer', min: 4, max: 8, unit: 'digits' },
  {
    name: 'ttl_seconds',
    label: 'Expires after',
    kind: 'integer',
    min: 30,
    max: 3600,
    unit: 'seconds (30 s to 60 min)',
  },
  { name: 'callback_url', label: 'Default callback URL', kind: 'url' },
];

export const SMS_FIELDS: Field[] = [
  { name: 'enabled', label: 'SMS channel enabled', kind: 'boolean' },
  { name: 'default_sender_id', label: 'Default sender ID', kind: 'sender' },
  { name: 'callback_url', label: 'Default callback URL', kind: 'url' },
];

export const FRAUD_FIELDS: Field[] = [
  {
    name: 'allowed_countries',
    label: 'Allowed countries',
    kind: 'list',
    hint: 'ISO codes, comma separated; empty allows all',
  },
  { name: 'daily_spend_limit', label: 'Daily spend limit (USD)', kind: 'amount' },
  { name: 'pumping_protection', label: 'Pumping protection', kind: 'choice', options: ['block', 'monitor', 'off'] },
  { name: 'safe_numbers', label: 'Safe numbers', kind: 'list', hint: 'E.164 numbers, comma separated' },
  { name: 'callback_url', label: 'Fraud callback URL', kind: 'url' },
];

export type FormValue = string | number | boolean | string[] | null;

/** The form's raw input as the API's value, or an error message naming the problem. */
export function readField(field: Field, raw: unknown): { value: FormValue } | { problem: string } {
  const text = typeof raw === 'string' ? raw.trim() : '';
  switch (field.kind) {
    case 'boolean':
      return { value: raw === 'on' };
    case 'integer': {
      const n = Number(text);
      if (!Number.isInteger(n) || n < field.min || n > field.max) {
        return { problem: `${field.label}: a whole number from ${field.min} to ${field.max}` };
      }
      return { value: n };
    }
    case 'choice':
      return field.options.includes(text) ? { value: text } : { problem: `${field.label}: choose one` };
    case 'text':
      if (text.length > field.maxLength) return { problem: `${field.label}: at most ${field.maxLength} characters` };
      if (field.mustContain && !text.includes(field.mustContain)) {
        return { problem: `${field.label}: must include ${field.mustContain}` };
      }
      return { value: text };
    case 'url':
      if (!text) return { value: null };
      if (!/^https?:\/\//.test(text)) return { problem: `${field.label}: an http or https URL` };
      return { value: text };
    case 'sender':
      return { value: text || null };
    case 'list':
      return {
        value: text
          ? text
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : null,
      };
    case 'amount':
      if (!text) return { value: null };
      return /^\d+(\.\d{1,2})?$/.test(text) ? { value: text } : { problem: `${field.label}: an amount like 25.00` };
  }
}

/** Rules across fields of the verify settings. */
export function verifyProblems(values: Record<string, FormValue>): string[] {
  const problems: string[] = [];
  const wait = values.fallback_wait_seconds;
  const expiry = values.expiry_minutes;
  if (typeof wait === 'number' && typeof expiry === 'number' && wait >= expiry * 60) {
    problems.push('Fallback wait: must be shorter than the expiry');
  }
  return problems;
}
