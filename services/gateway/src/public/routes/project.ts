import { formatCents } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { commonErrorResponses, registry } from '../../openapi/registry.js';
import { projectView } from '../../project-view.js';
import { projectOf } from '../auth.js';

export const projectSchema = registry.register(
  'Project',
  z.object({
    id: z.string().openapi({ example: 'prj_5f0c6a1e9b7d4c3a2e1f0a9b' }),
    name: z.string(),
    balance: z
      .string()
      .regex(/^-?\d+\.\d{2}$/)
      .openapi({ example: '1.00' }),
    currency: z.literal('USD'),
    created_at: z.iso.datetime(),
    ip_allowlist: z.object({ enabled: z.boolean(), cidrs: z.array(z.string()) }),
  }),
);

registry.registerPath({
  method: 'get',
  path: '/v1/project',
  summary: 'The project that owns the API key, with its balance',
  responses: {
    200: { description: 'The project', content: { 'application/json': { schema: projectSchema } } },
    ...commonErrorResponses,
  },
});

export function projectRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.get('/project', async (req, res) => {
    const view = await projectView(deps, projectOf(req));
    res.json({ ...view.project, balance: formatCents(view.balanceCents), currency: 'USD' });
  });
  return router;
}
