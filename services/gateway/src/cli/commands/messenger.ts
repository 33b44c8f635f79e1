import { CliError } from '../admin-client.js';
import type { Command } from '../command.js';
import { flag, positional } from '../command.js';

interface MessengerSettings {
  enabled: boolean;
  code_length: number;
  ttl_seconds: number;
  callback_url: string | null;
}

function onOff(value: string): boolean {
  if (value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new CliError('--enabled takes on or off');
}

function whole(value: string, name: string): number {
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} takes a whole number`);
  return Number(value);
}

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
        ...(enabled === undefined ? {} : { enabled: onOff(enabled) }),
        ...(codeLength === undefined ? {} : { code_length: whole(codeLength, 'code-length') }),
        ...(ttl === undefined ? {} : { ttl_seconds: whole(ttl, 'ttl-seconds') }),
        ...(callback === undefined ? {} : { callback_url: callback === 'none' ? null : callback }),
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
