import { formatCents } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { amount } from '../resources.js';

registerOperation(adminApi, {
  operationId: 'listSmsRates',
  method: 'get',
  path: '/sms-rates',
  tag: 'Money',
  summary: 'The SMS rate card',
  description:
    'A number is priced by the network whose prefix matches the most digits, else the highest price of its country.',
  success: {
    status: 200,
    description: 'Every rate',
    schema: adminApi.registry.register(
      'SmsRates',
      z.object({
        rates: z.array(
          z.object({
            country: z.string().openapi({ description: 'ISO 3166-1 alpha-2.' }),
            network: z.string(),
            mcc_mnc: z.string(),
            prefixes: z.array(z.string()).openapi({ description: 'E.164 digits without +.' }),
            price: amount.openapi({ description: 'Per segment.' }),
          }),
        ),
      }),
    ),
  },
  errors: [],
});

export function smsRateRoutes(deps: GatewayDeps): Router {
  const router = Router();
  router.get('/sms-rates', async (_req, res) => {
    const card = await deps.peers.billing.ListRates({});
    res.json({
      rates: card.rates.map((rate) => ({
        country: rate.country,
        network: rate.network,
        mcc_mnc: rate.mcc_mnc,
        prefixes: rate.prefixes,
        // per segment
        price: formatCents(rate.price_cents),
      })),
    });
  });
  return router;
}
