import { formatCents } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { parseBody } from '../../http/validation.js';
import { EXAMPLE_PROJECT_ID } from '../../openapi/examples.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { projectView } from '../../project-view.js';
import { audit } from '../audit.js';
import { positiveAmount } from '../money.js';
import { existingProject } from '../path-params.js';
import { peerParts } from '../peer-parts.js';
import { adminProjectSchema, amount, projectId, projectParams } from '../resources.js';

const TRIAL_CREDIT_CENTS = 100;

const createProject = z.strictObject({
  name: z.string().trim().min(1).max(200),
  credit: positiveAmount.optional(),
});

const createdProjectSchema = adminApi.registry.register(
  'CreatedProject',
  z.object({ id: projectId, name: z.string(), balance: amount, created_at: z.iso.datetime() }),
);

registerOperation(adminApi, {
  operationId: 'createProject',
  method: 'post',
  path: '/projects',
  tag: 'Projects',
  summary: 'Create a project',
  description: 'A new project gets the 1.00 trial credit; `credit` adds on top.',
  body: { schema: createProject, example: { name: 'My shop', credit: '10.00' } },
  success: { status: 201, description: 'Created', schema: createdProjectSchema },
  errors: [],
});

const projectListSchema = adminApi.registry.register(
  'ProjectList',
  z.object({
    projects: z
      .array(z.object({ id: projectId, name: z.string(), created_at: z.iso.datetime() }))
      .openapi({ description: 'Newest first, at most 1000.' }),
  }),
);

registerOperation(adminApi, {
  operationId: 'listProjects',
  method: 'get',
  path: '/projects',
  tag: 'Projects',
  summary: 'List projects',
  success: {
    status: 200,
    description: 'The projects',
    schema: projectListSchema,
    example: { projects: [{ id: EXAMPLE_PROJECT_ID, name: 'My shop', created_at: '2026-11-21T10:15:00.000Z' }] },
  },
  errors: [],
});

registerOperation(adminApi, {
  operationId: 'getAdminProject',
  method: 'get',
  path: '/projects/{id}',
  tag: 'Projects',
  summary: 'Get a project',
  description: 'With balance, IP allowlist, the settings of every channel, sender IDs and webhook signing secrets.',
  params: projectParams,
  success: { status: 200, description: 'The project', schema: adminProjectSchema },
  errors: ['PROJECT_NOT_FOUND'],
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

  router.get('/projects', async (_req, res) => {
    const projects = await deps.projects.list(1000);
    res.json({
      projects: projects.map((p) => ({ id: p.id, name: p.name, created_at: p.createdAt.toISOString() })),
    });
  });

  router.get('/projects/:id', async (req, res) => {
    const id = await existingProject(deps, req.params.id);
    const [view, parts] = await Promise.all([projectView(deps, id), peerParts(deps, id)]);
    res.json({ ...view.project, balance: formatCents(view.balanceCents), currency: 'USD', ...parts });
  });

  return router;
}
