import { randomUUID } from 'node:crypto';
import { DomainError, formatCents } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { parseBody } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { audit } from '../audit.js';
import { positiveAmount } from '../money.js';
import { existingProject } from '../path-params.js';
import { amount, projectParams } from '../resources.js';

const creditBody = z.strictObject({
  amount: positiveAmount,
  note: z.string().max(500).optional(),
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,200}$/;

registerOperation(adminApi, {
  operationId: 'addCredit',
  method: 'post',
  path: '/projects/{id}/credits',
  tag: 'Money',
  summary: 'Top up a balance',
  params: projectParams,
  headers: z.object({
    'Idempotency-Key': z
      .string()
      .regex(IDEMPOTENCY_KEY)
      .optional()
      .openapi({
        description:
          'A retried top-up with the same key and amount credits once and answers the current balance; the ' +
          'same key with another amount is 422 IDEMPOTENCY_KEY_REUSED (nothing credited). Kept as long as the ledger keeps it.',
        example: 'invoice-17',
      }),
  }),
  body: { schema: creditBody, example: { amount: '25.00', note: 'invoice 17' } },
  success: {
    status: 200,
    description: 'The balance after the top-up',
    schema: adminApi.registry.register('Balance', z.object({ balance: amount })),
  },
  errors: ['PROJECT_NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'],
});

export function creditRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.post('/projects/:id/credits', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = parseBody(creditBody, req.body);
    const given = req.get('idempotency-key');
    if (given !== undefined && !IDEMPOTENCY_KEY.test(given)) {
      throw new DomainError('INVALID_REQUEST_BODY', 'Idempotency-Key: 1-200 letters, digits or . _ : -');
    }
    // With the operator's key a retried top-up is a replay in Billing and credits nothing more; the
    // key with another amount is refused there. Billing keeps a key this long by its hash.
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
