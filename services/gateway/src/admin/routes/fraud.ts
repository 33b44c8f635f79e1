import { DESTINATION_PREFIX_PATTERN, normalizePhone } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { callbackUrl } from '../../http/schemas.js';
import { parseBodyAsync } from '../../http/validation.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { audit } from '../audit.js';
import { destinationPrefixParam, existingProject } from '../path-params.js';
import { fraudSettingsSchema, projectId, projectParams } from '../resources.js';

// Fraud settings and prefix blocks (docs/admin.md). The guard service owns
// the rules and checks the patch again (it is the one home of the defaults and the transforms:
// upper-cased countries, E.164 safe numbers); the edge checks the same shape, so the document is
// built from the schema that parses the body, and adds the public-address check of the callback
// URL (ALLOW_PRIVATE_CALLBACKS). Ranges are guard's (services/guard/src/domain/settings.ts).

const DAY_SECONDS = 24 * 60 * 60;
const limit = (max: number, description: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .nullable()
    .optional()
    .openapi({ description: `${description} null: no limit.` });
const windowSeconds = z.number().int().min(1).max(DAY_SECONDS).optional();

const fraudSettingsPatch = z.strictObject({
  allowed_countries: z
    .array(z.string().regex(/^[A-Za-z]{2}$/, 'must be ISO 3166-1 alpha-2 codes'))
    .max(300)
    .nullable()
    .optional()
    .openapi({ description: 'ISO 3166-1 alpha-2 codes starts may go to; null allows every country.' }),
  number_limit: limit(1000, 'Starts per destination number per `number_window_seconds`.'),
  number_window_seconds: windowSeconds,
  pending_per_number: limit(100, 'Pending verifications per destination number.'),
  ip_limit: limit(100_000, 'Starts per end-user IP (`signals.ip`) per `ip_window_seconds`.'),
  ip_window_seconds: windowSeconds,
  project_rps: limit(100_000, 'Start requests per second for the project.'),
  daily_spend_limit: z
    .string()
    .regex(/^\d{1,9}\.\d{2}$/, 'must be an amount like "25.00"')
    .nullable()
    .optional()
    .openapi({ description: 'Most the project may spend per UTC day (US dollars); null: no cap.' }),
  pumping_protection: z
    .enum(['block', 'monitor', 'off'])
    .optional()
    .openapi({ description: 'What the SMS pumping detector does: block a prefix, only record it, or nothing.' }),
  callback_url: callbackUrl.nullable().optional().openapi({ description: 'Where fraud events go; null: nowhere.' }),
  safe_numbers: z
    .array(
      z
        .string()
        .refine((value) => normalizePhone(value) !== undefined, 'must be international phone numbers starting with +'),
    )
    .max(1000)
    .optional()
    .openapi({ description: 'Numbers the limits and the detector never refuse (replaces the list).' }),
});

const prefixParams = z.object({
  id: projectId,
  prefix: z
    .string()
    .regex(DESTINATION_PREFIX_PATTERN)
    .openapi({ description: 'The blocked prefix, as listed (`+44771`); the + is optional.', example: '+44771' }),
});

const fraudBlocksSchema = adminApi.registry.register(
  'FraudBlocks',
  z.object({
    blocks: z.array(
      z.object({
        prefix: z.string().openapi({ description: 'Calling code and the first national digits.', example: '+44771' }),
        reason: z.enum(['sequential_numbers', 'volume_spike', 'rare_prefix_burst', 'never_converting']),
        mode: z
          .enum(['block', 'monitor'])
          .openapi({ description: 'monitor: recorded only (pumping_protection monitor); starts still go.' }),
        since: z.iso.datetime(),
        until: z.iso.datetime().openapi({ description: 'When the block ends by itself.' }),
      }),
    ),
  }),
);

const exampleFraudSettings = {
  allowed_countries: ['GB', 'DE'],
  number_limit: 5,
  number_window_seconds: 3600,
  pending_per_number: 3,
  ip_limit: 20,
  ip_window_seconds: 3600,
  project_rps: 50,
  daily_spend_limit: '25.00',
  pumping_protection: 'block',
  callback_url: null,
  safe_numbers: ['+447700123456'],
};

registerOperation(adminApi, {
  operationId: 'getFraudSettings',
  method: 'get',
  path: '/projects/{id}/settings/fraud',
  tag: 'Fraud',
  summary: 'Get fraud settings',
  params: projectParams,
  success: {
    status: 200,
    description: 'All fraud settings',
    schema: fraudSettingsSchema,
    example: exampleFraudSettings,
  },
  errors: ['PROJECT_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'updateFraudSettings',
  method: 'patch',
  path: '/projects/{id}/settings/fraud',
  tag: 'Fraud',
  summary: 'Change fraud settings',
  description: 'Only the fields given change; null clears a limit, the country list or the callback URL.',
  params: projectParams,
  body: {
    schema: fraudSettingsPatch,
    example: { allowed_countries: ['GB', 'DE'], daily_spend_limit: '25.00', pumping_protection: 'block' },
  },
  success: {
    status: 200,
    description: 'All fraud settings',
    schema: fraudSettingsSchema,
    example: exampleFraudSettings,
  },
  errors: ['PROJECT_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'listFraudBlocks',
  method: 'get',
  path: '/projects/{id}/fraud/blocks',
  tag: 'Fraud',
  summary: 'List active prefix blocks',
  description: 'Prefixes the SMS pumping detector blocked (or, in monitor mode, recorded), newest first.',
  params: projectParams,
  success: {
    status: 200,
    description: 'The active blocks',
    schema: fraudBlocksSchema,
    example: {
      blocks: [
        {
          prefix: '+44771',
          reason: 'sequential_numbers',
          mode: 'block',
          since: '2026-11-21T10:15:00.000Z',
          until: '2026-11-22T10:15:00.000Z',
        },
      ],
    },
  },
  errors: ['PROJECT_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'liftFraudBlock',
  method: 'delete',
  path: '/projects/{id}/fraud/blocks/{prefix}',
  tag: 'Fraud',
  summary: 'Lift a prefix block',
  description:
    'Starts to the prefix are admitted again and `fraud.prefix_unblocked` is sent. 404 `NOT_FOUND` when the ' +
    'prefix has no active block; 422 `INVALID_ARGUMENT` when it is not digits.',
  params: prefixParams,
  success: { status: 204, description: 'Lifted' },
  errors: ['PROJECT_NOT_FOUND', 'NOT_FOUND'],
});

export function fraudAdminRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.get('/projects/:id/settings/fraud', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const settings = await deps.peers.guard.GetSettings({ project_id: projectId });
    res.type('application/json').send(settings.settings_json);
  });

  router.patch('/projects/:id/settings/fraud', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const input = await parseBodyAsync(fraudSettingsPatch, req.body);
    const settings = await deps.peers.guard.UpdateSettings({
      project_id: projectId,
      patch_json: JSON.stringify(input),
    });
    audit(deps.logger, 'settings.fraud.update', { project_id: projectId, fields: Object.keys(input) });
    res.type('application/json').send(settings.settings_json);
  });

  router.get('/projects/:id/fraud/blocks', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const list = await deps.peers.guard.ListBlocks({ project_id: projectId });
    res.json({ blocks: list.blocks });
  });

  router.delete('/projects/:id/fraud/blocks/:prefix', async (req, res) => {
    const prefix = destinationPrefixParam(req.params.prefix);
    const projectId = await existingProject(deps, req.params.id);
    await deps.peers.guard.LiftBlock({ project_id: projectId, prefix });
    audit(deps.logger, 'fraud.block.lift', { project_id: projectId, prefix });
    res.status(204).end();
  });

  return router;
}
