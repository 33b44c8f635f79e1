import { randomUUID } from 'node:crypto';
import { DomainError, formatCents } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { parseBody } from '../../http/validation.js';
import { audit } from '../audit.js';
import { positiveAmount } from '../money.js';
import { existingProject } from '../project-param.js';

const creditBody = z.strictObject({
  amount: positiveAmount,
  note: z.string().max(500).optional(),
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,200}$/;

export function creditRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.post('/projects/:id/credits', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = parseBody(creditBody, req.body);
    const given = req.get('idempotency-key');
    if (given !== undefined && !IDEMPOTENCY_KEY.test(given)) {
      throw new DomainError('INVALID_REQUEST_BODY', 'Idempotency-Key: 1-200 letters, digits or . _ : -');
    }
    // With the operator's key a retried top-up is a replay in Billing and credits nothing more.
    const movement = await deps.peers.billing.Credit({
      project_id: projectId,
      amount_cents: input.amount,
      idempotency_key: `${projectId}:top_up:${given ?? randomUUID()}`,
      reason: 'top_up',
      note: input.note ?? '',
    });
    // A replay answers with the balance of back then; the operator wants today's.
    const balance = movement.replayed
      ? (await deps.peers.billing.GetAccount({ project_id: projectId })).balance_cents
      : movement.balance_cents;
    audit(deps.logger, 'credit.add', {
      project_id: projectId,
      amount_cents: input.amount,
      replayed: movement.replayed,
    });
    res.json({ balance: formatCents(balance) });
  });
  return router;
}
