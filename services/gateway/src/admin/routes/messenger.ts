import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl } from '../../http/schemas.js';
import { parseBodyAsync } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { audit } from '../audit.js';
import { existingProject } from '../path-params.js';
import { messengerSettingsSchema, projectParams } from '../resources.js';

// PATCH /admin/v1/projects/{id}/settings/messenger (docs/admin.md). The ranges (code_length 4-8,
// ttl_seconds 30-3600) are the messenger service's rules: it answers INVALID_REQUEST_BODY naming
// the field, so they are not repeated here.

const messengerSettingsPatch = z.strictObject({
  enabled: z.boolean().optional(),
  code_length: z.number().int().optional(),
  ttl_seconds: z.number().int().optional(),
  callback_url: callbackUrl.nullable().optional(),
});

function settingsView(s: { enabled: boolean; code_length: number; ttl_seconds: number; callback_url?: string }) {
  return {
    enabled: s.enabled,
    code_length: s.code_length,
    ttl_seconds: s.ttl_seconds,
    callback_url: s.callback_url ?? null,
  };
}

registerOperation(adminApi, {
  operationId: 'updateMessengerSettings',
  method: 'patch',
  path: '/projects/{id}/settings/messenger',
  tag: 'Settings',
  summary: 'Change messenger channel settings',
  description: 'Only the fields given change; null clears `callback_url`. Ranges are in the answer schema.',
  params: projectParams,
  body: { schema: messengerSettingsPatch, example: { code_length: 6, ttl_seconds: 300 } },
  success: { status: 200, description: 'All messenger settings', schema: messengerSettingsSchema },
  errors: ['PROJECT_NOT_FOUND'],
});

export function messengerAdminRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.patch('/projects/:id/settings/messenger', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = await parseBodyAsync(messengerSettingsPatch, req.body);
    const settings = await deps.peers.messenger.UpdateSettings({
      project_id: projectId,
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(input.code_length === undefined ? {} : { code_length: input.code_length }),
      ...(input.ttl_seconds === undefined ? {} : { ttl_seconds: input.ttl_seconds }),
      ...(typeof input.callback_url === 'string' ? { callback_url: input.callback_url } : {}),
      clear_callback_url: input.callback_url === null,
    });
    audit(deps.logger, 'settings.messenger.update', { project_id: projectId, fields: Object.keys(input) });
    res.json(settingsView(settings));
  });

  return router;
}
