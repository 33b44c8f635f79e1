import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { parseRange } from '../../domain/ip-allowlist.js';
import { parseBody } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { audit } from '../audit.js';
import { existingProject } from '../path-params.js';
import { ipAllowlistSchema, projectParams } from '../resources.js';

const MAX_ENTRIES = 200;

const allowlistBody = z.strictObject({
  enabled: z.boolean(),
  cidrs: z
    .array(
      z
        .string()
        .trim()
        .refine((entry) => parseRange(entry) !== undefined, { message: 'not an IPv4/IPv6 address or CIDR' }),
    )
    .max(MAX_ENTRIES),
});

registerOperation(adminApi, {
  operationId: 'setIpAllowlist',
  method: 'put',
  path: '/projects/{id}/ip-allowlist',
  tag: 'Projects',
  summary: "Replace a project's IP allowlist",
  params: projectParams,
  body: { schema: allowlistBody, example: { enabled: true, cidrs: ['203.0.113.0/24', '2001:db8::/32'] } },
  success: { status: 200, description: 'The allowlist now in force', schema: ipAllowlistSchema },
  errors: ['PROJECT_NOT_FOUND'],
});

export function ipAllowlistRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.put('/projects/:id/ip-allowlist', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = parseBody(allowlistBody, req.body);
    const saved = await deps.projects.setIpAllowlist(projectId, {
      enabled: input.enabled,
      cidrs: [...new Set(input.cidrs)],
    });
    // Cached keys carry the old list; drop them so the next request sees this one.
    deps.keyOwners.forgetProject(projectId);
    audit(deps.logger, 'ip_allowlist.set', { project_id: projectId, enabled: saved.enabled, cidrs: saved.cidrs });
    res.json(saved);
  });
  return router;
}
