import { formatCents, verificationResource } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { parseSidParam, sidParam } from '../../http/schemas.js';
import { exampleVerification } from '../../openapi/examples.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { verificationSchema } from '../../public/resources.js';
import { listRequest, logListQuery, logPage, parseQuery } from '../log-query.js';
import { existingProject } from '../path-params.js';
import { amount, projectId, projectParams } from '../resources.js';

// Read-only admin rows for the console's logs and overview. Verifications are shown exactly as
// the public API shows them: the code is never part of that resource.

const listQuery = logListQuery(['pending', 'approved', 'expired', 'failed'], 'VE');

const statsQuery = z.strictObject({ days: z.coerce.number().int().min(1).max(92).default(30) });

const verificationSid = z
  .string()
  .regex(/^VE[a-f0-9]{24}$/)
  .openapi({ example: exampleVerification.sid });

const verificationPageSchema = adminApi.registry.register(
  'VerificationPage',
  z.object({
    verifications: z.array(verificationSchema).openapi({ description: 'Newest first; never the code.' }),
    next_before: verificationSid
      .nullable()
      .openapi({ description: 'Pass as `before` for the next page; null on the last.' }),
  }),
);

const dailyStatsSchema = adminApi.registry.register(
  'DailyStats',
  z.object({
    days: z.array(
      z.object({
        day: z.iso.date().openapi({ description: 'UTC day.' }),
        verifications: z.number().int().openapi({ description: 'Verifications started that day.' }),
        approved: z.number().int(),
        conversion_rate: z
          .number()
          .min(0)
          .max(1)
          .nullable()
          .openapi({ description: 'approved / verifications, 3 decimals; null with no verification.' }),
        verification_cost: amount.openapi({ description: 'What those verifications cost (fees and sends).' }),
      }),
    ),
  }),
);

registerOperation(adminApi, {
  operationId: 'listAdminVerifications',
  method: 'get',
  path: '/projects/{id}/verifications',
  tag: 'Logs',
  summary: "A project's verifications, newest first",
  description: 'As the public API shows them (the code is never part of it).',
  params: projectParams,
  query: listQuery,
  success: {
    status: 200,
    description: 'One page',
    schema: verificationPageSchema,
    example: { verifications: [exampleVerification], next_before: null },
  },
  errors: ['PROJECT_NOT_FOUND', 'INVALID_REQUEST_BODY'],
});

registerOperation(adminApi, {
  operationId: 'getAdminVerification',
  method: 'get',
  path: '/projects/{id}/verifications/{sid}',
  tag: 'Logs',
  summary: 'Get a verification',
  params: z.object({ id: projectId, sid: sidParam('VE') }),
  success: { status: 200, description: 'The verification', schema: verificationSchema, example: exampleVerification },
  errors: ['PROJECT_NOT_FOUND', 'INVALID_MESSAGE_SID', 'VERIFICATION_NOT_FOUND'],
});

registerOperation(adminApi, {
  operationId: 'getDailyStats',
  method: 'get',
  path: '/projects/{id}/stats/daily',
  tag: 'Logs',
  summary: 'Verifications per UTC day',
  description: 'The last `days` UTC days, today included.',
  params: projectParams,
  query: statsQuery,
  success: {
    status: 200,
    description: 'One row per day',
    schema: dailyStatsSchema,
    example: {
      days: [{ day: '2026-11-21', verifications: 12, approved: 9, conversion_rate: 0.75, verification_cost: '0.48' }],
    },
  },
  errors: ['PROJECT_NOT_FOUND', 'INVALID_REQUEST_BODY'],
});

export function verificationAdminRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.get('/projects/:id/verifications', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const query = parseQuery(listQuery, req.query);
    const page = await deps.peers.verify.List(listRequest(projectId, query));
    res.json(logPage('verifications', page.verifications.map(verificationResource), query.limit));
  });

  router.get('/projects/:id/verifications/:sid', async (req, res) => {
    const sid = parseSidParam('VE', req.params.sid);
    const projectId = await existingProject(deps, req.params.id);
    const verification = await deps.peers.verify.Get({ project_id: projectId, sid });
    res.json(verificationResource(verification));
  });

  router.get('/projects/:id/stats/daily', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const query = parseQuery(statsQuery, req.query);
    const page = await deps.peers.verify.DailyStats({ project_id: projectId, days: query.days });
    res.json({
      days: page.days.map((d) => ({
        day: d.day,
        verifications: d.started,
        approved: d.approved,
        conversion_rate: d.started === 0 ? null : Math.round((d.approved / d.started) * 1000) / 1000,
        verification_cost: formatCents(d.cost_cents),
      })),
    });
  });

  return router;
}
