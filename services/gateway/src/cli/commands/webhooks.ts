import { CliError } from '../admin-client.js';
import type { Command } from '../command.js';
import { flag, positional } from '../command.js';

interface Secret {
  secret: string;
  created_at: string;
  expires_at: string | null;
}

interface Delivery {
  id: string;
  event_type: string;
  url: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

const STATUSES = ['pending', 'succeeded', 'failed'];

function deliveryLine(d: Delivery): string {
  const outcome =
    d.status === 'pending' ? `next ${d.next_attempt_at ?? '-'}` : (d.last_error ?? `HTTP ${d.last_status_code ?? '-'}`);
  return `${d.id}  ${d.created_at}  ${d.event_type.padEnd(22)} ${d.status.padEnd(9)} ${String(d.attempts).padStart(2)} tries  ${outcome}  ${d.url}`;
}

export const commands: Command[] = [
  {
    words: ['webhooks', 'rotate-secret'],
    usage: 'webhooks rotate-secret <project_id>',
    summary: 'new webhook signing secret; the old one keeps signing for 24 h (or until revoke-previous)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const result = await admin.request<{ secrets: Secret[] }>(
        'POST',
        `/projects/${encodeURIComponent(projectId)}/webhook-secret`,
      );
      const lines = result.secrets.map(
        (s) => `${s.secret}  ${s.expires_at ? `valid until ${s.expires_at}` : 'current'}`,
      );
      show(result, lines.join('\n'));
    },
  },
  {
    words: ['webhooks', 'revoke-previous'],
    usage: 'webhooks revoke-previous <project_id>',
    summary: 'the previous webhook signing secrets stop signing now (only the current one signs)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      await admin.request('DELETE', `/projects/${encodeURIComponent(projectId)}/webhook-secret/previous`);
      show({ revoked: true }, 'previous secrets revoked; only the current secret signs');
    },
  },
  {
    words: ['webhooks', 'deliveries'],
    usage: 'webhooks deliveries <project_id> [--status pending|succeeded|failed] [--limit <n>]',
    valueFlags: ['status', 'limit'],
    summary: 'list webhook deliveries, newest first',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const status = flag(args, 'status');
      const limit = flag(args, 'limit');
      if (status !== undefined && !STATUSES.includes(status))
        throw new CliError(`--status takes ${STATUSES.join(', ')}`);
      const query = new URLSearchParams({ ...(status ? { status } : {}), ...(limit ? { limit } : {}) }).toString();
      const result = await admin.request<{ deliveries: Delivery[] }>(
        'GET',
        `/projects/${encodeURIComponent(projectId)}/webhook-deliveries${query ? `?${query}` : ''}`,
      );
      show(result, result.deliveries.map(deliveryLine).join('\n') || 'no deliveries');
    },
  },
  {
    words: ['webhooks', 'replay'],
    usage: 'webhooks replay <project_id> <delivery_id>',
    summary: 'send a delivery again (a new series of attempts)',
    async run(args, { admin, show }) {
      const projectId = positional(args, 0, 'project_id');
      const deliveryId = positional(args, 1, 'delivery_id');
      const result = await admin.request<Delivery>(
        'POST',
        `/projects/${encodeURIComponent(projectId)}/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay`,
      );
      show(result, deliveryLine(result));
    },
  },
];
