import type { Command } from '../command.js';
import { flag, positional } from '../command.js';

interface Project {
  id: string;
  name: string;
  balance: string;
  created_at: string;
  ip_allowlist?: { enabled: boolean; cidrs: string[] };
  settings?: Record<string, unknown>;
  sender_ids?: { value: string; status: string }[] | null;
}

export const commands: Command[] = [
  {
    words: ['projects', 'create'],
    usage: 'projects create <name> [--credit <amount>]',
    valueFlags: ['credit'],
    summary: 'create a project (1.00 trial credit, plus --credit)',
    async run(args, { admin, show }) {
      const credit = flag(args, 'credit');
      const project = await admin.request<Project>('POST', '/projects', {
        name: positional(args, 0, 'name'),
        ...(credit === undefined ? {} : { credit }),
      });
      show(project, `created project ${project.id} "${project.name}", balance ${project.balance} USD`);
    },
  },
  {
    words: ['projects', 'get'],
    usage: 'projects get <project_id>',
    summary: 'show a project with its balance, allowlist, settings and sender IDs',
    async run(args, { admin, show }) {
      const p = await admin.request<Project>(
        'GET',
        `/projects/${encodeURIComponent(positional(args, 0, 'project_id'))}`,
      );
      const allowlist = p.ip_allowlist?.enabled ? `on (${p.ip_allowlist.cidrs.join(', ') || 'no ranges'})` : 'off';
      const senders =
        p.sender_ids === null || p.sender_ids === undefined
          ? 'unavailable'
          : p.sender_ids.map((s) => `${s.value} (${s.status})`).join(', ') || 'none';
      show(
        p,
        [
          `${p.id} "${p.name}"`,
          `  balance       ${p.balance} USD`,
          `  created       ${p.created_at}`,
          `  ip allowlist  ${allowlist}`,
          `  sender ids    ${senders}`,
        ].join('\n'),
      );
    },
  },
];
