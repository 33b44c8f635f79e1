import { DomainError } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { newApiKey } from '../../domain/api-key.js';
import { parseBody } from '../../http/validation.js';
import { audit } from '../audit.js';
import { existingProject } from '../project-param.js';

const createKey = z.strictObject({ name: z.string().trim().min(1).max(100) });
const KEY_ID = z.uuid();

export function apiKeyRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/projects/:id/api-keys', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = parseBody(createKey, req.body);
    const fresh = newApiKey();
    const record = await deps.apiKeys.create(projectId, input.name, fresh.hash, fresh.hint);
    audit(deps.logger, 'api_key.create', { project_id: projectId, key_id: record.id, hint: record.hint });
    // The only time the key itself leaves the gateway.
    res
      .status(201)
      .json({ id: record.id, name: record.name, key: fresh.key, created_at: record.createdAt.toISOString() });
  });

  router.delete('/projects/:id/api-keys/:keyId', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const keyId = req.params.keyId;
    if (!KEY_ID.safeParse(keyId).success || !(await deps.apiKeys.revoke(projectId, keyId))) {
      throw new DomainError('API_KEY_NOT_FOUND', `project ${projectId} has no active key ${keyId}`);
    }
    deps.keyOwners.forgetKey(keyId);
    audit(deps.logger, 'api_key.revoke', { project_id: projectId, key_id: keyId });
    res.status(204).end();
  });

  return router;
}
