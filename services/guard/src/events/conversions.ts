import {
  CONSUMERS,
  ensureConsumer,
  readEvent,
  redeliveryDelayMs,
  runConsumer,
  STREAMS,
  type Bus,
  type Logger,
  type Redelivery,
  type RunningConsumer,
} from '@otp/platform';
import { z } from 'zod';
import type { GuardDeps } from '../operations/deps.js';

/** Its durable consumer, as the NATS permission table (bus/permissions.ts) grants it. */
export const CONVERSIONS_CONSUMER = CONSUMERS.guardConversions.durable;

// Only what guard reads of a finished verification: its number and outcome.
const finished = z.object({ to: z.string(), status: z.enum(['approved', 'expired', 'failed']) });

/**
 * Verification outcomes are the detector's conversions (approved vs expired or failed). An
 * outcome guard cannot record now (its database away) is delivered again until it is: a lost one
 * would count a converted number as pumping.
 */
export async function startConversionConsumer(
  bus: Bus,
  deps: GuardDeps,
  logger: Logger,
  redelivery: Redelivery,
): Promise<RunningConsumer> {
  await ensureConsumer(bus.jsm, STREAMS.events.name, {
    durable_name: CONVERSIONS_CONSUMER,
    filter_subject: CONSUMERS.guardConversions.filter,
    max_deliver: -1,
  });
  return runConsumer({
    js: bus.js,
    stream: STREAMS.events.name,
    durable: CONVERSIONS_CONSUMER,
    logger,
    retryDelayMs: (count) => redeliveryDelayMs(count, redelivery.retryMaxMs),
    alarmAfter: redelivery.alarmAfter,
    async handle(message) {
      const event = readEvent(message, finished);
      if (!event) return 'drop';
      await deps.starts.finishVerification(
        event.envelope.project_id,
        event.data.to,
        event.data.status === 'approved',
        new Date(event.envelope.created_at),
      );
      return 'ack';
    },
  });
}
