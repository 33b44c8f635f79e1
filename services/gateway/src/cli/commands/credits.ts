import type { Command } from '../command.js';
import { flag, positional } from '../command.js';

export const commands: Command[] = [
  {
    words: ['credits', 'add'],
    usage: 'credits add <project_id> <amount> [--note <text>] [--idempotency-key <key>]',
    valueFlags: ['note', 'idempotency-key'],
    summary: 'top up a balance (a repeated --idempotency-key credits once)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const note = flag(args, 'note');
      const key = flag(args, 'idempotency-key');
      const result = await admin.request<{ balance: string }>(
        'POST',
        `/projects/${encodeURIComponent(projectId)}/credits`,
        { amount: positional(args, 1, 'amount'), ...(note === undefined ? {} : { note }) },
        key === undefined ? {} : { 'idempotency-key': key },
      );
      show(result, `balance ${result.balance} USD`);
    },
  },
];
