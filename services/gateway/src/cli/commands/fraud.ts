import type { z } from 'zod';
import type { fraudSettingsSchema } from '../../admin/resources.js';
import { CliError } from '../admin-client.js';
import type { Command } from '../command.js';
import { clearable, positional, settingsBody, wholeNumber, type SettingsFlags } from '../command.js';

// The answer's shape, as the admin API registers it for its OpenAPI document.
type FraudSettings = z.infer<typeof fraudSettingsSchema>;

interface Block {
  prefix: string;
  reason: string;
  mode: string;
  since: string;
  until: string;
}

/** A whole number, or `off` (null: the limit is turned off). */
function limit(value: string, name: string): number | null {
  if (value === 'off') return null;
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} takes a whole number or off`);
  return Number(value);
}

/** A comma list; `all` / `none` for null / empty. */
const list = (value: string) => (value === 'none' ? [] : value.split(',').map((item) => item.trim()));

// flag name -> [body field, parser]; the guard service checks ranges and names bad fields.
const FIELDS: SettingsFlags<FraudSettings> = {
  'allowed-countries': ['allowed_countries', (value) => (value === 'all' ? null : list(value))],
  'number-limit': ['number_limit', limit],
  'number-window-seconds': ['number_window_seconds', wholeNumber],
  'pending-per-number': ['pending_per_number', limit],
  'ip-limit': ['ip_limit', limit],
  'ip-window-seconds': ['ip_window_seconds', wholeNumber],
  'project-rps': ['project_rps', limit],
  'daily-spend-limit': ['daily_spend_limit', clearable],
  'pumping-protection': ['pumping_protection', (value) => value],
  'callback-url': ['callback_url', clearable],
  'safe-numbers': ['safe_numbers', list],
};

const off = (value: number | null, unit = '') => (value === null ? 'off' : `${value}${unit}`);

function summary(s: FraudSettings): string {
  return [
    `allowed countries ${s.allowed_countries ? s.allowed_countries.join(', ') || '(none)' : 'all priced'}`,
    `per number ${off(s.number_limit)} per ${s.number_window_seconds} s, pending per number ${off(s.pending_per_number)}` +
      `, per IP ${off(s.ip_limit)} per ${s.ip_window_seconds} s, per project ${off(s.project_rps, '/s')}`,
    `daily spend limit ${s.daily_spend_limit ?? 'none'}, pumping protection ${s.pumping_protection}` +
      `, callback ${s.callback_url ?? 'none'}, safe numbers ${s.safe_numbers.join(', ') || 'none'}`,
  ].join('\n');
}

const settingsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/settings/fraud`;

export const commands: Command[] = [
  {
    words: ['settings', 'fraud'],
    usage:
      'settings fraud <project_id> [--allowed-countries GB,DE|all] [--number-limit n|off] [--number-window-seconds s] ' +
      '[--pending-per-number n|off] [--ip-limit n|off] [--ip-window-seconds s] [--project-rps n|off] ' +
      '[--daily-spend-limit 25.00|none] [--pumping-protection block|monitor|off] [--callback-url <url>|none] ' +
      '[--safe-numbers +447700123456,...|none]',
    valueFlags: Object.keys(FIELDS),
    summary: 'show or change fraud settings (geo, velocity limits, spend cap, pumping protection)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const body = settingsBody(args, FIELDS);
      const result =
        Object.keys(body).length === 0
          ? await admin.request<FraudSettings>('GET', settingsPath(projectId))
          : await admin.request<FraudSettings>('PATCH', settingsPath(projectId), body);
      show(result, summary(result));
    },
  },
  {
    words: ['fraud', 'blocks'],
    usage: 'fraud blocks <project_id>',
    summary: 'list blocked destination prefixes with reason, since and until',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const result = await admin.request<{ blocks: Block[] }>(
        'GET',
        `/projects/${encodeURIComponent(projectId)}/fraud/blocks`,
      );
      show(
        result,
        result.blocks.length === 0
          ? 'no blocked prefixes'
          : result.blocks.map((b) => `${b.prefix}  ${b.mode}  ${b.reason}  ${b.since} .. ${b.until}`).join('\n'),
      );
    },
  },
  {
    words: ['fraud', 'unblock'],
    usage: 'fraud unblock <project_id> <prefix>',
    summary: 'lift the block of a destination prefix (e.g. +44771)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const prefix = positional(args, 1, 'prefix');
      await admin.request(
        'DELETE',
        `/projects/${encodeURIComponent(projectId)}/fraud/blocks/${encodeURIComponent(prefix)}`,
      );
      show({ unblocked: prefix }, `lifted the block of ${prefix}`);
    },
  },
];
