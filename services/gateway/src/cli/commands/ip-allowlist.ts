import type { Command } from '../command.js';
import { positional } from '../command.js';

export const commands: Command[] = [
  {
    words: ['ip-allowlist', 'set'],
    usage: 'ip-allowlist set <project_id> [<cidr>...] [--off]',
    summary: 'replace the IP allowlist (on with the given ranges, or --off)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const list = await admin.request<{ enabled: boolean; cidrs: string[] }>(
        'PUT',
        `/projects/${encodeURIComponent(projectId)}/ip-allowlist`,
        { enabled: !args.flags.has('off'), cidrs: args.positionals.slice(1) },
      );
      show(
        list,
        list.enabled
          ? `allowlist on: ${list.cidrs.join(', ') || '(no ranges: every address refused)'}`
          : 'allowlist off',
      );
    },
  },
];
