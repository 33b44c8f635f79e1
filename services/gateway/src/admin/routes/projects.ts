import { formatCents } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { parseBody } from '../../http/validation.js';
import { projectView } from '../../project-view.js';
import { audit } from '../audit.js';
import { positiveAmount } from '../money.js';
import { existingProject } from '../project-param.js';
import { peerParts } from '../peer-parts.js';

const TRIAL_CREDIT_CENTS = 100;

const createProject = z.strictObject({
  name: z.string().trim().min(1).max(200),
  credit: positiveAmount.optional(),
});

/** The trial credit, then the operator's optional credit; keys derive from the project id. */
async function creditNewProject(deps: GatewayDeps, projectId: string, credit: number | undefined) {
  let movement = await deps.peers.billing.Credit({
    project_id: projectId,
    amount_cents: TRIAL_CREDIT_CENTS,
    idempotency_key: `${projectId}:trial_credit`,
    reason: 'trial_credit',
    note: 'trial credit',
  });
  if (credit !== undefined) {
    movement = await deps.peers.billing.Credit({
      project_id: projectId,
      amount_cents: credit,
      idempotency_key: `${projectId}:initial_credit`,
      reason: 'top_up',
      note: 'credit at creation',
    });
  }
  return movement;
}

async function discardProject(deps: GatewayDeps, projectId: string): Promise<void> {
  try {
    await deps.projects.discardNew(projectId);
    deps.logger.warn({ project_id: projectId }, 'project creation undone: billing could not credit it');
  } catch (error) {
    // The credit failure is what the operator must see; this one needs a person to clean up.
    deps.logger.error({ err: error, project_id: projectId }, 'could not undo project creation');
  }
}

export function projectRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/projects', async (req, res) => {
    const input = parseBody(createProject, req.body);
    const project = await deps.projects.create(input.name);
    let movement: { balance_cents: number };
    try {
      movement = await creditNewProject(deps, project.id, input.credit);
    } catch (error) {
      // A project must never exist without its trial credit. The project has no keys yet, so
      // nobody can have used it: remove it, and the operator's retry creates a clean one.
      await discardProject(deps, project.id);
      throw error;
    }
    audit(deps.logger, 'project.create', {
      project_id: project.id,
      name: project.name,
      credit_cents: input.credit ?? 0,
    });
    res.status(201).json({
      id: project.id,
      name: project.name,
      balance: formatCents(movement.balance_cents),
      created_at: project.createdAt.toISOString(),
    });
  });

  router.get('/projects/:id', async (req, res) => {
    const id = await existingProject(deps, req.params.id);
    const [view, parts] = await Promise.all([projectView(deps, id), peerParts(deps, id)]);
    res.json({ ...view.project, balance: formatCents(view.balanceCents), currency: 'USD', ...parts });
  });

  return router;
}
