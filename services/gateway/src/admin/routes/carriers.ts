import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';

// GET /admin/v1/carriers: the sms service's carriers (health, binds, window in use, throughput,
// last error), as the sms replica that answers sees them (each replica holds its own binds).

const carrierListSchema = adminApi.registry.register(
  'CarrierList',
  z.object({
    carriers: z.array(
      z.object({
        name: z.string(),
        host: z.string(),
        port: z.number().int(),
        health: z
          .enum(['ready', 'throttled', 'down'])
          .openapi({ description: 'down: no bind is up; throttled: the carrier asked to slow down.' }),
        binds: z.array(
          z.object({
            bound: z.boolean(),
            window_in_use: z.number().int().openapi({ description: 'Submits awaiting their answer.' }),
            window: z.number().int().openapi({ description: 'The window allowed now (lower while throttled).' }),
            tps: z.number().openapi({ description: 'Submits per second allowed now (lower while throttled).' }),
            throttles: z.number().int().openapi({ description: 'Throttling answers since the process started.' }),
          }),
        ),
        window_in_use: z.number().int(),
        throughput: z.number().openapi({ description: 'Parts accepted per second over the last 10 s.' }),
        submitted: z.number().int(),
        accepted: z.number().int(),
        refused: z.number().int(),
        last_error: z.string().nullable(),
        last_error_at: z.iso.datetime().nullable(),
      }),
    ),
  }),
);

registerOperation(adminApi, {
  operationId: 'listCarriers',
  method: 'get',
  path: '/carriers',
  tag: 'Carriers',
  summary: 'List SMS carriers',
  description: 'Each SMPP carrier as the sms replica that answers sees it (each replica holds its own binds).',
  success: {
    status: 200,
    description: 'The carriers',
    schema: carrierListSchema,
    example: {
      carriers: [
        {
          name: 'sandbox',
          host: '127.0.0.1',
          port: 2775,
          health: 'ready',
          binds: [{ bound: true, window_in_use: 1, window: 10, tps: 50, throttles: 0 }],
          window_in_use: 1,
          throughput: 4.2,
          submitted: 120,
          accepted: 118,
          refused: 2,
          last_error: null,
          last_error_at: null,
        },
      ],
    },
  },
  errors: [],
});

export function carrierRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.get('/carriers', async (_req, res) => {
    const list = await deps.peers.sms.ListCarriers({});
    res.json({
      carriers: list.carriers.map((c) => ({
        name: c.name,
        host: c.host,
        port: c.port,
        health: c.health,
        binds: c.binds.map((b) => ({
          bound: b.bound,
          window_in_use: b.window_in_use,
          window: b.window,
          tps: b.tps,
          throttles: b.throttles,
        })),
        window_in_use: c.window_in_use,
        throughput: c.throughput,
        submitted: c.submitted,
        accepted: c.accepted,
        refused: c.refused,
        last_error: c.last_error ?? null,
        last_error_at: c.last_error_at ?? null,
      })),
    });
  });
  return router;
}
