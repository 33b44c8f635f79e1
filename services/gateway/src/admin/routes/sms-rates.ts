import { formatCents } from '@otp/platform';
import { Router } from 'express';
import type { GatewayDeps } from '../../deps.js';

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
