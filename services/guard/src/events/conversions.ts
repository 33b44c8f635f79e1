import {
  ensureConsumer,
  readEvent,
  runConsumer,
  STREAMS,
  SUBJECTS,
  type Bus,
  type Logger,
  type RunningConsumer,
} from '@otp/platform';
import { z } from 'zod';
import type { GuardDeps } from '../operations/deps.js';

export const CONVERSIONS_CONSUMER = 'guard-conversions';

// Only what guard reads of a finished verification: its number and outcome.
const finished = z.object({ to: z.string(), status: z.enum(['approved', 'expired', 'failed']) });

/** Verification outcomes are the detector's conversions (approved vs expired or failed). */
export async function startConversionConsumer(bus: Bus, deps: GuardDeps, logger: Logger): Promise<RunningConsumer> {
  await ensureConsumer(bus.jsm, STREAMS.events.name, {
    durable_name: CONVERSIONS_CONSUMER,
    filter_subject: SUBJECTS.verificationFinished,
    max_deliver: 30,
  });
  return runConsumer({
    js: bus.js,
    stream: STREAMS.events.name,
    durable: CONVERSIONS_CONSUMER,
    logger,
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
