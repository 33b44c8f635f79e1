import { CliError } from '../admin-client.js';
import type { Command } from '../command.js';
import { flag, positional } from '../command.js';

interface VerifySettings {
  enabled: boolean;
  channel: string;
  sms_fallback: boolean;
  switch_on_failure: boolean;
  fallback_wait_seconds: number;
  code_length: number;
  expiry_minutes: number;
  max_wrong_codes: number;
  sender_id: string | null;
  sms_text: string;
  callback_url: string | null;
}

function onOff(value: string, name: string): boolean {
  if (value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new CliError(`--${name} takes on or off`);
}

function whole(value: string, name: string): number {
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} takes a whole number`);
  return Number(value);
}

// flag name -> [body field, parser]; the verify service checks ranges and names bad fields.
const FIELDS: Record<string, [keyof VerifySettings, (value: string, name: string) => unknown]> = {
  enabled: ['enabled', onOff],
  channel: ['channel', (value) => value],
  'sms-fallback': ['sms_fallback', onOff],
  'switch-on-failure': ['switch_on_failure', onOff],
  'fallback-wait-seconds': ['fallback_wait_seconds', whole],
  'code-length': ['code_length', whole],
  'expiry-minutes': ['expiry_minutes', whole],
  'max-wrong-codes': ['max_wrong_codes', whole],
  'sender-id': ['sender_id', (value) => (value === 'none' ? null : value)],
  'sms-text': ['sms_text', (value) => value],
  'callback-url': ['callback_url', (value) => (value === 'none' ? null : value)],
};

function summary(s: VerifySettings): string {
  return [
    `enabled ${s.enabled ? 'on' : 'off'}, channel ${s.channel}, SMS fallback ${s.sms_fallback ? 'on' : 'off'}` +
      `, switch on failure ${s.switch_on_failure ? 'on' : 'off'}, fallback wait ${s.fallback_wait_seconds} s`,
    `code length ${s.code_length}, expires after ${s.expiry_minutes} min, wrong codes allowed ${s.max_wrong_codes}`,
    `sender ID ${s.sender_id ?? '(SMS default)'}, SMS text "${s.sms_text}", callback ${s.callback_url ?? 'none'}`,
  ].join('\n');
}

export const commands: Command[] = [
  {
    words: ['settings', 'verify'],
    usage:
      'settings verify <project_id> [--enabled on|off] [--channel messenger|sms] [--sms-fallback on|off] [--switch-on-failure on|off] ' +
      '[--fallback-wait-seconds 10-600] [--code-length 4-8] [--expiry-minutes 1-60] [--max-wrong-codes 1-10] ' +
      '[--sender-id <id>|none] [--sms-text <text with {code}>] [--callback-url <url>|none]',
    valueFlags: Object.keys(FIELDS),
    summary: 'change verify settings',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const body: Record<string, unknown> = {};
      for (const [name, [field, parse]] of Object.entries(FIELDS)) {
        const value = flag(args, name);
        if (value !== undefined) body[field] = parse(value, name);
      }
      if (Object.keys(body).length === 0)
        throw new CliError(
          `nothing to change: give one of ${Object.keys(FIELDS)
            .map((f) => `--${f}`)
            .join(', ')}`,
        );
      const result = await admin.request<VerifySettings>(
        'PATCH',
        `/projects/${encodeURIComponent(projectId)}/settings/verify`,
        body,
      );
      show(result, summary(result));
    },
  },
];
