import { DomainError } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { newApiKey } from '../../domain/api-key.js';
import { parseBody } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { audit } from '../audit.js';
import { apiKeyIdParam, existingProject } from '../path-params.js';
import { projectId, uuidParam } from '../resources.js';

const createKey = z.strictObject({ name: z.string().trim().min(1).max(100) });

const apiKeySchema = adminApi.registry.register(
  'CreatedApiKey',
  z.object({
    id: z.uuid(),
    name: z.string(),
    key: z
      .string()
      .regex(/^otp_live_[a-f0-9]{48}$/)
      .openapi({ description: 'The key itself: shown only in this answer.' }),
    created_at: z.iso.datetime(),
  }),
);

registerOperation(adminApi, {
  operationId: 'createApiKey',
  method: 'post',
  path: '/projects/{id}/api-keys',
  tag: 'API keys',
  summary: 'Create an API key',
  params: z.object({ id: projectId }),
  body: { schema: createKey, example: { name: 'backend' } },
  success: { status: 201, description: 'Created; store `key` now', schema: apiKeySchema },
  errors: ['PROJECT_NOT_FOUND'],
});

const apiKeyListSchema = adminApi.registry.register(
  'ApiKeyList',
  z.object({
    api_keys: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        hint: z.string().openapi({ description: 'The first and last characters of the key, to recognise it.' }),
        created_at: z.iso.datetime(),
        revoked_at: z.iso.datetime().nullable(),
      }),
    ),
  }),
);

registerOperation(adminApi, {
  operationId: 'listApiKeys',
  method: 'get',
  path: '/projects/{id}/api-keys',
  tag: 'API keys',
  summary: "List a project's API keys",
  description: 'Revoked keys included; the keys themselves are never shown again, only a hint.',
  params: z.object({ id: projectId }),
  success: {
    status: 200,
    description: 'The keys',
    schema: apiKeyListSchema,
    example: {
      api_keys: [
        {
          id: '8d2f1c4e-3b7a-4e9d-a1c0-5f6e7d8c9b0a',
          name: 'backend',
          hint: 'otp_live_3f9c...9b0a',
          created_at: '2026-11-21T10:15:00.000Z',
          revoked_at: null,
        },
      ],
    },
  },
  errors: ['PROJECT_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'revokeApiKey',
  method: 'delete',
  path: '/projects/{id}/api-keys/{key_id}',
  tag: 'API keys',
  summary: 'Revoke an API key',
  description: 'The key stops working at once.',
  params: z.object({ id: projectId, key_id: uuidParam }),
  success: { status: 204, description: 'Revoked' },
  errors: ['PROJECT_NOT_FOUND', 'API_KEY_NOT_FOUND'],
});

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

  router.get('/projects/:id/api-keys', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const keys = await deps.apiKeys.list(projectId);
    res.json({
      api_keys: keys.map((k) => ({
        id: k.id,
        name: k.name,
        hint: k.hint,
        created_at: k.createdAt.toISOString(),
        revoked_at: k.revokedAt?.toISOString() ?? null,
      })),
    });
  });

  router.delete('/projects/:id/api-keys/:key_id', async (req, res) => {
    const keyId = apiKeyIdParam(req.params.key_id);
    const projectId = await existingProject(deps, req.params.id);
    if (!(await deps.apiKeys.revoke(projectId, keyId))) {
      throw new DomainError('API_KEY_NOT_FOUND', `project ${projectId} has no active key ${keyId}`);
    }
    deps.keyOwners.forgetKey(keyId);
    audit(deps.logger, 'api_key.revoke', { project_id: projectId, key_id: keyId });
    res.status(204).end();
  });

  return router;
}
