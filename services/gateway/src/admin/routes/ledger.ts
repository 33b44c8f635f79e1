import { DomainError, formatCents } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { describeIssues } from '../../http/validation.js';
import { existingProject } from '../project-param.js';

const ledgerQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.uuid().optional(),
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
