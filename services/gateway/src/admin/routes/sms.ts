import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl, senderId } from '../../http/schemas.js';
import { parseBody, parseBodyAsync } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { audit } from '../audit.js';
import { existingProject, senderIdParam } from '../path-params.js';
import { projectId, projectParams, senderIdSchema, smsSettingsSchema } from '../resources.js';

// Admin routes (docs/admin.md) owned by the sms service: sender IDs and sms settings.

const requestSenderId = z.strictObject({
  value: senderId,
  site: z.string().trim().min(1).max(200),
});

const rejectBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });

const smsSettingsPatch = z.strictObject({
  enabled: z.boolean().optional(),
  default_sender_id: senderId.nullable().optional(),
  callback_url: callbackUrl.nullable().optional(),
});

function settingsView(s: { enabled: boolean; default_sender_id?: string; callback_url?: string }) {
  return { enabled: s.enabled, default_sender_id: s.default_sender_id ?? null, callback_url: s.callback_url ?? null };
}

registerOperation(adminApi, {
  operationId: 'requestSenderId',
  method: 'post',
  path: '/projects/{id}/sender-ids',
  tag: 'SMS',
  summary: 'Request a sender ID',
  description: 'It starts pending; the project can send from it once approved.',
  params: projectParams,
  body: { schema: requestSenderId, example: { value: 'MyShop', site: 'shop.example.com' } },
  success: { status: 201, description: 'Requested (pending)', schema: senderIdSchema },
  errors: ['PROJECT_NOT_FOUND', 'SENDER_ID_EXISTS'],
});

registerOperation(adminApi, {
  operationId: 'approveSenderId',
  method: 'post',
  path: '/projects/{id}/sender-ids/{value}/approve',
  tag: 'SMS',
  summary: 'Approve a sender ID',
  params: z.object({ id: projectId, value: senderId }),
  success: { status: 200, description: 'Approved', schema: senderIdSchema },
  errors: ['PROJECT_NOT_FOUND', 'SENDER_ID_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'rejectSenderId',
  method: 'post',
  path: '/projects/{id}/sender-ids/{value}/reject',
  tag: 'SMS',
  summary: 'Reject a sender ID',
  description: 'The project cannot send from it; `reason` is shown to the project (console).',
  params: z.object({ id: projectId, value: senderId }),
  body: { schema: rejectBody, example: { reason: 'The site does not show this brand.' } },
  success: {
    status: 200,
    description: 'Rejected',
    schema: senderIdSchema.extend({ rejection_reason: z.string().nullable() }),
    example: { value: 'MyShop', status: 'rejected', rejection_reason: 'The site does not show this brand.' },
  },
  errors: ['PROJECT_NOT_FOUND', 'SENDER_ID_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'updateSmsSettings',
  method: 'patch',
  path: '/projects/{id}/settings/sms',
  tag: 'Settings',
  summary: 'Change SMS channel settings',
  description: 'Only the fields given change; null clears `default_sender_id` or `callback_url`.',
  params: projectParams,
  body: { schema: smsSettingsPatch, example: { enabled: true, default_sender_id: 'MyShop' } },
  success: { status: 200, description: 'All SMS settings', schema: smsSettingsSchema },
  errors: ['PROJECT_NOT_FOUND'],
});

export function smsAdminRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.post('/projects/:id/sender-ids', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = parseBody(requestSenderId, req.body);
    const sender = await deps.peers.sms.RequestSenderId({
      project_id: projectId,
      value: input.value,
      site: input.site,
    });
    audit(deps.logger, 'sender_id.request', { project_id: projectId, value: sender.value, site: sender.site });
    res.status(201).json({ value: sender.value, status: sender.status });
  });

  router.post('/projects/:id/sender-ids/:value/approve', async (req, res) => {
    const value = senderIdParam(req.params.value);
    const projectId = await existingProject(deps, req.params.id);
    const sender = await deps.peers.sms.ApproveSenderId({ project_id: projectId, value });
    audit(deps.logger, 'sender_id.approve', { project_id: projectId, value: sender.value });
    res.json({ value: sender.value, status: sender.status });
  });

  router.post('/projects/:id/sender-ids/:value/reject', async (req, res) => {
    const value = senderIdParam(req.params.value);
    const projectId = await existingProject(deps, req.params.id);
    const input = parseBody(rejectBody, req.body);
    const sender = await deps.peers.sms.RejectSenderId({
      project_id: projectId,
      value,
      reason: input.reason,
    });
    audit(deps.logger, 'sender_id.reject', { project_id: projectId, value: sender.value });
    res.json({ value: sender.value, status: sender.status, rejection_reason: sender.rejection_reason ?? null });
  });

  router.patch('/projects/:id/settings/sms', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = await parseBodyAsync(smsSettingsPatch, req.body);
    const settings = await deps.peers.sms.UpdateSettings({
      project_id: projectId,
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(typeof input.default_sender_id === 'string' ? { default_sender_id: input.default_sender_id } : {}),
      ...(typeof input.callback_url === 'string' ? { callback_url: input.callback_url } : {}),
      clear_default_sender_id: input.default_sender_id === null,
      clear_callback_url: input.callback_url === null,
    });
    audit(deps.logger, 'settings.sms.update', { project_id: projectId, fields: Object.keys(input) });
    res.json(settingsView(settings));
  });

  return router;
}
