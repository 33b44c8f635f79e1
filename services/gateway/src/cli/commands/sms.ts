import type { z } from 'zod';
import type { smsSettingsSchema } from '../../admin/resources.js';
import { CliError } from '../admin-client.js';
import type { Command } from '../command.js';
import { clearable, flag, onOff, positional } from '../command.js';

// The answer's shape, as the admin API registers it for its OpenAPI document.
type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const commands: Command[] = [
  {
    words: ['sender-ids', 'request'],
    usage: 'sender-ids request <project_id> <value> --site <site or app>',
    valueFlags: ['site'],
    summary: 'request a sender ID (pending until approved)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const site = flag(args, 'site');
      if (!site) throw new CliError('--site is required: the site or app the sender ID is for');
      const result = await admin.request<{ value: string; status: string }>(
        'POST',
        `/projects/${encodeURIComponent(projectId)}/sender-ids`,
        {
          value: positional(args, 1, 'value'),
          site,
        },
      );
      show(result, `${result.value} ${result.status}`);
    },
  },
  {
    words: ['sender-ids', 'approve'],
    usage: 'sender-ids approve <project_id> <value>',
    summary: 'approve a sender ID so the project can send from it',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const value = positional(args, 1, 'value');
      const result = await admin.request<{ value: string; status: string }>(
        'POST',
        `/projects/${encodeURIComponent(projectId)}/sender-ids/${encodeURIComponent(value)}/approve`,
      );
      show(result, `${result.value} ${result.status}`);
    },
  },
  {
    words: ['settings', 'sms'],
    usage:
      'settings sms <project_id> [--enabled on|off] [--default-sender-id <value>|none] [--callback-url <url>|none]',
    valueFlags: ['enabled', 'default-sender-id', 'callback-url'],
    summary: 'change SMS channel settings',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const enabled = flag(args, 'enabled');
      const sender = clearable(flag(args, 'default-sender-id'));
      const callback = clearable(flag(args, 'callback-url'));
      const body = {
        ...(enabled === undefined ? {} : { enabled: onOff(enabled, 'enabled') }),
        ...(sender === undefined ? {} : { default_sender_id: sender }),
        ...(callback === undefined ? {} : { callback_url: callback }),
      };
      if (Object.keys(body).length === 0)
        throw new CliError('nothing to change: give --enabled, --default-sender-id or --callback-url');
      const result = await admin.request<SmsSettings>(
        'PATCH',
        `/projects/${encodeURIComponent(projectId)}/settings/sms`,
        body,
      );
      show(
        result,
        `enabled ${result.enabled ? 'on' : 'off'}, default sender ID ${result.default_sender_id ?? 'none'}, callback ${result.callback_url ?? 'none'}`,
      );
    },
  },
];
