import type { z } from 'zod';
import type { messengerSettingsSchema } from '../../admin/resources.js';
import { CliError } from '../admin-client.js';
import type { Command } from '../command.js';
import { clearable, flag, onOff, positional, wholeNumber } from '../command.js';

// The answer's shape, as the admin API registers it for its OpenAPI document.
type MessengerSettings = z.infer<typeof messengerSettingsSchema>;

export const commands: Command[] = [
  {
    words: ['settings', 'messenger'],
    usage:
      'settings messenger <project_id> [--enabled on|off] [--code-length 4-8] [--ttl-seconds 30-3600] [--callback-url <url>|none]',
    valueFlags: ['enabled', 'code-length', 'ttl-seconds', 'callback-url'],
    summary: 'change messenger channel settings',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const enabled = flag(args, 'enabled');
      const codeLength = flag(args, 'code-length');
      const ttl = flag(args, 'ttl-seconds');
      const callback = flag(args, 'callback-url');
      const body = {
        ...(enabled === undefined ? {} : { enabled: onOff(enabled, 'enabled') }),
        ...(codeLength === undefined ? {} : { code_length: wholeNumber(codeLength, 'code-length') }),
        ...(ttl === undefined ? {} : { ttl_seconds: wholeNumber(ttl, 'ttl-seconds') }),
        ...(callback === undefined ? {} : { callback_url: clearable(callback) }),
      };
      if (Object.keys(body).length === 0) {
        throw new CliError('nothing to change: give --enabled, --code-length, --ttl-seconds or --callback-url');
      }
      const result = await admin.request<MessengerSettings>(
        'PATCH',
        `/projects/${encodeURIComponent(projectId)}/settings/messenger`,
        body,
      );
      show(
        result,
        `enabled ${result.enabled ? 'on' : 'off'}, code length ${result.code_length}, expires after ${result.ttl_seconds} s, callback ${result.callback_url ?? 'none'}`,
      );
    },
  },
];
