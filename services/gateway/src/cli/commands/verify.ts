import type { z } from 'zod';
import type { verifySettingsSchema } from '../../admin/resources.js';
import { CliError } from '../admin-client.js';
import type { Command } from '../command.js';
import { clearable, onOff, positional, settingsBody, wholeNumber, type SettingsFlags } from '../command.js';

// The answer's shape, as the admin API registers it for its OpenAPI document.
type VerifySettings = z.infer<typeof verifySettingsSchema>;

// flag name -> [body field, parser]; the verify service checks ranges and names bad fields.
const FIELDS: SettingsFlags<VerifySettings> = {
  enabled: ['enabled', onOff],
  channel: ['channel', (value) => value],
  'sms-fallback': ['sms_fallback', onOff],
  'switch-on-failure': ['switch_on_failure', onOff],
  'fallback-wait-seconds': ['fallback_wait_seconds', wholeNumber],
  'code-length': ['code_length', wholeNumber],
  'expiry-minutes': ['expiry_minutes', wholeNumber],
  'max-wrong-codes': ['max_wrong_codes', wholeNumber],
  'sender-id': ['sender_id', clearable],
  'sms-text': ['sms_text', (value) => value],
  'callback-url': ['callback_url', clearable],
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
      const body = settingsBody(args, FIELDS);
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
