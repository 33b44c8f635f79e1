import { verifySettingsPatch } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl } from '../../http/schemas.js';
import { parseBodyAsync } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { audit } from '../audit.js';
import { existingProject } from '../path-params.js';
import { projectParams, verifySettingsSchema } from '../resources.js';

// PATCH /admin/v1/projects/{id}/settings/verify (docs/admin.md). The verify service owns the rules
// (ranges, `{code}` in sms_text, wait below expiry, approved sender ID) and answers
// INVALID_REQUEST_BODY naming each field; the edge adds only the public-address check of the
// callback URL, which needs the deployment's ALLOW_PRIVATE_CALLBACKS.

const verifySettingsEdge = z.looseObject({ callback_url: callbackUrl.nullable().optional() });

/** Verify settings as the admin API shows them (also in GET /admin/v1/projects/{id}). */
export function verifySettingsView(s: {
  enabled: boolean;
  channel: string;
  sms_fallback: boolean;
  switch_on_failure: boolean;
  fallback_wait_seconds: number;
  code_length: number;
  expiry_minutes: number;
  max_wrong_codes: number;
  sender_id?: string;
  sms_text: string;
  callback_url?: string;
}) {
  return {
    enabled: s.enabled,
    channel: s.channel,
    sms_fallback: s.sms_fallback,
    switch_on_failure: s.switch_on_failure,
    fallback_wait_seconds: s.fallback_wait_seconds,
    code_length: s.code_length,
    expiry_minutes: s.expiry_minutes,
    max_wrong_codes: s.max_wrong_codes,
    sender_id: s.sender_id ?? null,
    sms_text: s.sms_text,
    callback_url: s.callback_url ?? null,
  };
}

registerOperation(adminApi, {
  operationId: 'updateVerifySettings',
  method: 'patch',
  path: '/projects/{id}/settings/verify',
  tag: 'Settings',
  summary: 'Change Verify settings',
  description:
    'Only the fields given change; null clears `sender_id` or `callback_url`. `fallback_wait_seconds` must ' +
    'stay below the expiry; `sender_id` must be an approved sender ID. Running verifications keep the ' +
    'settings they started with.',
  params: projectParams,
  // The verify service's own rules (in @otp/platform), so the document shows its ranges.
  body: { schema: verifySettingsPatch, example: { code_length: 8, expiry_minutes: 5, fallback_wait_seconds: 30 } },
  success: { status: 200, description: 'All Verify settings', schema: verifySettingsSchema },
  errors: ['PROJECT_NOT_FOUND'],
});

export function verifyAdminRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.patch('/projects/:id/settings/verify', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = await parseBodyAsync(verifySettingsEdge, req.body);
    const settings = await deps.peers.verify.UpdateSettings({
      project_id: projectId,
      patch_json: JSON.stringify(input),
    });
    audit(deps.logger, 'settings.verify.update', { project_id: projectId, fields: Object.keys(input) });
    res.json(verifySettingsView(settings));
  });

  return router;
}
