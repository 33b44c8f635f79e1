import { encodedPath } from '@otp/platform';
import type { Request, Router } from 'express';
import { allowed, seesProject, type Permission } from '../../domain/roles.js';
import type { ConsoleDeps } from '../../operations/deps.js';
import { ConsoleError } from '../errors.js';
import { checkedRouter } from '../paths.js';
import { signedIn } from '../session.js';

// The project pages' JSON routes: each is the admin API route of the same path (below /api
// instead of /admin/v1), allowed after the session's role on the project is checked. The admin
// API validates bodies and ranges, so the console does not keep a second copy of those rules.
// The admin path is built from this table's segments and the checked parameters, each encoded,
// never from the path received: no parameter can climb into another project's routes.

export interface Forward {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  permission: Permission;
  /** Audit action of a write; reads are not audited. */
  audit?: string;
  /** Non-secret identifiers worth keeping in the audit entry. */
  auditDetails?: (req: Request) => Record<string, string>;
}

export const FORWARDS: readonly Forward[] = [
  { method: 'get', path: '/projects/:id/api-keys', permission: 'project.read' },
  {
    method: 'post',
    path: '/projects/:id/api-keys',
    permission: 'api_keys.write',
    audit: 'api_key.create',
  },
  {
    method: 'delete',
    path: '/projects/:id/api-keys/:keyId',
    permission: 'api_keys.write',
    audit: 'api_key.revoke',
    auditDetails: (req) => ({ key_id: String(req.params.keyId) }),
  },
  {
    method: 'post',
    path: '/projects/:id/sender-ids',
    permission: 'sender_ids.request',
    audit: 'sender_id.request',
    auditDetails: (req) => ({ value: String((req.body as { value?: unknown }).value) }),
  },
  {
    method: 'post',
    path: '/projects/:id/sender-ids/:value/approve',
    permission: 'sender_ids.review',
    audit: 'sender_id.approve',
    auditDetails: (req) => ({ value: String(req.params.value) }),
  },
  {
    method: 'post',
    path: '/projects/:id/sender-ids/:value/reject',
    permission: 'sender_ids.review',
    audit: 'sender_id.reject',
    auditDetails: (req) => ({ value: String(req.params.value) }),
  },
  {
    method: 'patch',
    path: '/projects/:id/settings/:kind',
    permission: 'settings.write',
    audit: 'settings.update',
    auditDetails: (req) => ({ kind: String(req.params.kind), fields: Object.keys(req.body ?? {}).join(',') }),
  },
  { method: 'post', path: '/projects/:id/credits', permission: 'credits.add', audit: 'credit.add' },
  { method: 'get', path: '/projects/:id/ledger', permission: 'project.read' },
  { method: 'get', path: '/projects/:id/stats/daily', permission: 'project.read' },
  { method: 'get', path: '/projects/:id/verifications', permission: 'project.read' },
  { method: 'get', path: '/projects/:id/verifications/:sid', permission: 'project.read' },
  { method: 'get', path: '/projects/:id/sms', permission: 'project.read' },
  { method: 'get', path: '/projects/:id/messenger-codes', permission: 'project.read' },
  { method: 'get', path: '/projects/:id/webhook-deliveries', permission: 'webhooks.read' },
  {
    method: 'post',
    path: '/projects/:id/webhook-secret',
    permission: 'webhooks.write',
    audit: 'webhook_secret.rotate',
  },
  {
    method: 'delete',
    path: '/projects/:id/webhook-secret/previous',
    permission: 'webhooks.write',
    audit: 'webhook_secret.revoke_previous',
  },
  {
    method: 'post',
    path: '/projects/:id/webhook-deliveries/:deliveryId/replay',
    permission: 'webhooks.write',
    audit: 'webhook_delivery.replay',
    auditDetails: (req) => ({ delivery_id: String(req.params.deliveryId) }),
  },
  { method: 'get', path: '/projects/:id/fraud/blocks', permission: 'project.read' },
  {
    method: 'delete',
    path: '/projects/:id/fraud/blocks/:prefix',
    permission: 'fraud.write',
    audit: 'fraud_block.lift',
    auditDetails: (req) => ({ prefix: String(req.params.prefix) }),
  },
];

/**
 * The admin API's path for `forward`, its parameters filled in and percent-encoded, and the query
 * as sent: the admin API checks every list's query strictly (an unknown parameter is a 422), so
 * the console keeps no copy of those rules, and nothing after `?` reaches the path.
 */
function adminPath(forward: Forward, req: Request): string {
  const segments = forward.path
    .slice(1)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? String(req.params[segment.slice(1)]) : segment));
  const query = req.originalUrl.indexOf('?');
  return encodedPath(...segments) + (query >= 0 ? req.originalUrl.slice(query) : '');
}

export function projectForwardRoutes(deps: ConsoleDeps): Router {
  const router = checkedRouter();
  for (const forward of FORWARDS) {
    router[forward.method](forward.path, async (req, res) => {
      const { actor, user } = signedIn(res);
      const projectId = String(req.params.id);
      // Another project's pages do not exist for this user: 404, not 403, so ids leak nothing.
      if (!seesProject(actor, projectId)) throw new ConsoleError('PROJECT_NOT_FOUND', 'no such project');
      if (!allowed(actor, forward.permission, projectId)) {
        throw new ConsoleError('FORBIDDEN', `your role on this project cannot do this (${forward.permission})`);
      }
      const body = forward.method === 'get' || forward.method === 'delete' ? undefined : (req.body ?? {});
      const answer = await deps.admin.call(forward.method.toUpperCase(), adminPath(forward, req), body);
      if (forward.audit && answer.status < 300) {
        await deps.audit.record({ userId: user.id, email: user.email }, forward.audit, projectId, {
          ...forward.auditDetails?.(req),
        });
      }
      if (answer.body === undefined) res.status(answer.status).end();
      else res.status(answer.status >= 500 ? 502 : answer.status).json(answer.body);
    });
  }
  return router;
}
