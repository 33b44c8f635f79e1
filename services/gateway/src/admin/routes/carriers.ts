import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import type { CarrierHealth } from '@otp/platform';
import { carrierFleet, type ReplicaAnswer } from '../../domain/carrier-fleet.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';

// GET /admin/v1/carriers: the sms service's carriers (health, binds, window in use, throughput,
// last error) across every sms replica (each holds its own binds; domain/carrier-fleet.ts).

const carrierListSchema = adminApi.registry.register(
  'CarrierList',
  z.object({
    carriers: z.array(
      z.object({
        name: z.string(),
        host: z.string(),
        port: z.number().int(),
        health: z.enum(['ready', 'throttled', 'degraded', 'down']).openapi({
          description:
            'down: no bind is up; degraded: a keep-alive or a submit went unanswered (until an enquire_link is answered again), or the receiver of a bind pair is down; throttled: the carrier asked to slow down.',
        }),
        binds: z.array(
          z.object({
            bound: z.boolean(),
            window_in_use: z.number().int().openapi({ description: 'Submits awaiting their answer.' }),
            window: z.number().int().openapi({ description: 'The window allowed now (lower while throttled).' }),
            tps: z.number().openapi({ description: 'Submits per second allowed now (lower while throttled).' }),
            throttles: z.number().int().openapi({ description: 'Throttling answers since the process started.' }),
            replica: z.string().openapi({ description: 'The sms replica (address) that holds this bind.' }),
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
    replicas: z
      .array(
        z.object({
          address: z.string(),
          answered: z.boolean(),
          error: z.string().nullable().openapi({ description: 'Why the replica did not answer.' }),
        }),
      )
      .openapi({ description: 'Every sms replica asked; the carriers are what the ones that answered hold.' }),
  }),
);

registerOperation(adminApi, {
  operationId: 'listCarriers',
  method: 'get',
  path: '/carriers',
  tag: 'Carriers',
  summary: 'List SMS carriers',
  description:
    'Each SMPP carrier across every sms replica: each replica holds its own binds, counters are summed, ' +
    'and health is the worst any replica sees. A replica that does not answer is listed with its error; ' +
    '503 when none answers.',
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
          binds: [{ bound: true, window_in_use: 1, window: 10, tps: 50, throttles: 0, replica: '10.0.0.12:50052' }],
          window_in_use: 1,
          throughput: 4.2,
          submitted: 120,
          accepted: 118,
          refused: 2,
          last_error: null,
          last_error_at: null,
        },
      ],
      replicas: [{ address: '10.0.0.12:50052', answered: true, error: null }],
    },
  },
  errors: [],
});

export function carrierRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.get('/carriers', async (_req, res) => {
    const replicas = await deps.peers.smsReplicas.each();
    const answers = await Promise.allSettled(replicas.map(({ client }) => client.ListCarriers({})));
    if (answers.every((answer) => answer.status === 'rejected')) throw (answers[0] as PromiseRejectedResult).reason;
    const fleet = carrierFleet(
      answers.map((answer, index): ReplicaAnswer => {
        const { address } = replicas[index]!;
        if (answer.status === 'rejected') {
          return { address, error: answer.reason instanceof Error ? answer.reason.message : String(answer.reason) };
        }
        return {
          address,
          carriers: answer.value.carriers.map((c) => ({
            name: c.name,
            host: c.host,
            port: c.port,
            health: c.health as CarrierHealth,
            binds: c.binds.map((b) => ({
              bound: b.bound,
              window_in_use: b.window_in_use,
              window: b.window,
              tps: b.tps,
              throttles: Number(b.throttles),
            })),
            window_in_use: c.window_in_use,
            throughput: c.throughput,
            submitted: Number(c.submitted),
            accepted: Number(c.accepted),
            refused: Number(c.refused),
            last_error: c.last_error ?? null,
            last_error_at: c.last_error_at ?? null,
          })),
        };
      }),
    );
    res.json(fleet);
  });
  return router;
}
