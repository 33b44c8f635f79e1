import { DomainError, formatCents } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { describeIssues } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { existingProject } from '../path-params.js';
import { amount, projectParams } from '../resources.js';

const ledgerQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.uuid().optional(),
});

const ledgerPageSchema = adminApi.registry.register(
  'LedgerPage',
  z.object({
    entries: z.array(
      z.object({
        id: z.uuid(),
        kind: z.enum(['credit', 'hold', 'release', 'charge', 'refund']),
        amount: amount.openapi({ description: 'Signed: -0.05 for a charge.' }),
        balance: amount.openapi({ description: 'The balance after this entry.' }),
        reference: z.string().openapi({ description: 'The sid (or top-up) the movement is for.' }),
        description: z.string(),
        created_at: z.iso.datetime(),
      }),
    ),
    next_before: z.uuid().nullable().openapi({ description: 'Pass as `before` for the next page; null on the last.' }),
  }),
);

registerOperation(adminApi, {
  operationId: 'listLedger',
  method: 'get',
  path: '/projects/{id}/ledger',
  tag: 'Money',
  summary: "A project's ledger entries, newest first",
  params: projectParams,
  query: ledgerQuery,
  success: { status: 200, description: 'One page of entries', schema: ledgerPageSchema },
  errors: ['PROJECT_NOT_FOUND', 'INVALID_REQUEST_BODY'],
});

export function ledgerRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.get('/projects/:id/ledger', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const query = ledgerQuery.safeParse(req.query);
    if (!query.success) throw new DomainError('INVALID_REQUEST_BODY', describeIssues(query.error.issues));
    const page = await deps.peers.billing.ListLedger({
      project_id: projectId,
      limit: query.data.limit,
      before_id: query.data.before ?? '',
    });
    res.json({
      // Billing lists newest first.
      entries: page.entries.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        amount: formatCents(entry.amount_cents),
        balance: formatCents(entry.balance_cents),
        reference: entry.reference,
        description: entry.description,
        created_at: entry.created_at,
      })),
      next_before: page.next_before_id || null,
    });
  });
  return router;
}
