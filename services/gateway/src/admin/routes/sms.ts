import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl } from '../../http/schemas.js';
import { parseBody, parseBodyAsync } from '../../http/validation.js';
import { audit } from '../audit.js';
import { existingProject } from '../project-param.js';

// Admin rows of CONTRACTS.md owned by the sms service: sender IDs and sms settings.

const senderIdValue = z
  .string()
  .regex(/^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/, '3-11 letters and digits, at least one letter');

const requestSenderId = z.strictObject({
  value: senderIdValue,
  site: z.string().trim().min(1).max(200),
});

const smsSettingsPatch = z.strictObject({
  enabled: z.boolean().optional(),
  default_sender_id: senderIdValue.nullable().optional(),
  callback_url: callbackUrl.nullable().optional(),
});

function settingsView(s: { enabled: boolean; default_sender_id?: string; callback_url?: string }) {
  return { enabled: s.enabled, default_sender_id: s.default_sender_id ?? null, callback_url: s.callback_url ?? null };
}

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
    const projectId = await existingProject(deps, req.params.id);
    const sender = await deps.peers.sms.ApproveSenderId({ project_id: projectId, value: req.params.value ?? '' });
    audit(deps.logger, 'sender_id.approve', { project_id: projectId, value: sender.value });
    res.json({ value: sender.value, status: sender.status });
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
