import type { Command } from '../command.js';
import { flag, positional } from '../command.js';

export const commands: Command[] = [
  {
    words: ['api-keys', 'create'],
    usage: 'api-keys create <project_id> [--name <name>]',
    valueFlags: ['name'],
    summary: 'create an API key (shown once)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const key = await admin.request<{ id: string; name: string; key: string }>(
        'POST',
        `/projects/${encodeURIComponent(projectId)}/api-keys`,
        { name: flag(args, 'name') ?? 'default' },
      );
      show(key, `key ${key.id} "${key.name}":\n  ${key.key}\nStore it now: it is not shown again.`);
    },
  },
  {
    words: ['api-keys', 'revoke'],
    usage: 'api-keys revoke <project_id> <key_id>',
    summary: 'revoke an API key (stops working at once)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const keyId = positional(args, 1, 'key_id');
      await admin.request('DELETE', `/projects/${encodeURIComponent(projectId)}/api-keys/${encodeURIComponent(keyId)}`);
      show({ revoked: keyId }, `revoked key ${keyId}`);
    },
  },
];
