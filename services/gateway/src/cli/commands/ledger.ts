import type { Command } from '../command.js';
import { flag, positional } from '../command.js';

interface Entry {
  kind: string;
  amount: string;
  balance: string;
  reference: string;
  created_at: string;
}

export const commands: Command[] = [
  {
    words: ['ledger'],
    usage: 'ledger <project_id> [--limit <n>]',
    valueFlags: ['limit'],
    summary: 'list balance movements, newest first',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const limit = flag(args, 'limit');
      const page = await admin.request<{ entries: Entry[] }>(
        'GET',
        `/projects/${encodeURIComponent(projectId)}/ledger${limit === undefined ? '' : `?limit=${encodeURIComponent(limit)}`}`,
      );
      const lines = page.entries.map(
        (e) =>
          `${e.created_at}  ${e.kind.padEnd(8)} ${e.amount.padStart(10)}  balance ${e.balance.padStart(10)}  ${e.reference}`,
      );
      show(page, lines.join('\n') || 'no entries');
    },
  },
];
