import { formatCents, PROJECT_ID_PATTERN } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { exampleProject } from '../../openapi/examples.js';
import { registerOperation } from '../../openapi/operation.js';
import { publicApi } from '../../openapi/registry.js';
import { projectView } from '../../project-view.js';
import { projectOf } from '../auth.js';

export const projectSchema = publicApi.registry.register(
  'Project',
  z.object({
    id: z.string().regex(PROJECT_ID_PATTERN).openapi({ example: exampleProject.id }),
    name: z.string(),
    balance: z
      .string()
      .regex(/^-?\d+\.\d{2}$/)
      .openapi({ description: 'US dollars, two decimals.', example: '1.00' }),
    currency: z.literal('USD'),
    created_at: z.iso.datetime(),
    ip_allowlist: z.object({ enabled: z.boolean(), cidrs: z.array(z.string()) }),
  }),
);

registerOperation(publicApi, {
  operationId: 'getProject',
  method: 'get',
  path: '/project',
  tag: 'Project',
  summary: 'Get the project',
  description: 'The project that owns the API key, with its balance.',
  success: { status: 200, description: 'The project', schema: projectSchema, example: exampleProject },
  errors: [],
});

export function projectRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.get('/project', async (req, res) => {
    const view = await projectView(deps, projectOf(req));
    res.json({ ...view.project, balance: formatCents(view.balanceCents), currency: 'USD' });
  });
  return router;
}
