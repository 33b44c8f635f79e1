import {
  CONSUMERS,
  ensureConsumer,
  parseAmount,
  readEvent,
  recordChannelReport,
  redeliveryDelayMs,
  runConsumer,
  STREAMS,
  type Bus,
  type Logger,
  type Redelivery,
  type RunningConsumer,
} from '@otp/platform';
import { z } from 'zod';
import { adoptLateSms, applyChannelStatus } from '../operations/advance.js';
import type { FlowDeps } from '../operations/deps.js';
import type { AttemptRecord } from '../store/verifications.js';
import { VERIFICATION_SID_KEY } from './send-metadata.js';

/** Its durable consumer, as the NATS permission table (bus/permissions.ts) grants it. */
export const CHANNEL_STATUS_CONSUMER = CONSUMERS.verifyChannelStatus.durable;

// Only the fields verify reads; the rest of the public resource is ignored.
const statusData = z.object({
  sid: z.string(),
  status: z.string(),
  // Present on SMS reports: what an SMS no attempt shows yet is recorded with.
  cost: z.string().optional(),
  date_created: z.string().optional(),
  metadata: z
    .object({ [VERIFICATION_SID_KEY]: z.string().optional() })
    .loose()
    .optional(),
});

/** How long a report about one of verify's sends may wait for its attempt row to commit. */
const UNPLACED_REPORT_PATIENCE_MS = 60_000;

/**
 * Follows the status of every send verify made: messenger failures trigger the fallback,
 * deliveries end it, SMS failures can fail the verification. Direct sends publish their status on
 * subjects this filter never matches (SUBJECTS); one that still arrives (published by a replica
 * of a version before that split, during a rolling upgrade) is acknowledged and ignored.
 *
 * A report verify cannot apply now (its database away) is delivered again until it is, never
 * dropped: a lost `sms.sent` would leave a delivered SMS `queued` and refund the fee at expiry.
 */
export async function startChannelStatusConsumer(
  bus: Bus,
  deps: FlowDeps,
  logger: Logger,
  redelivery: Redelivery,
): Promise<RunningConsumer> {
  await ensureConsumer(bus.jsm, STREAMS.events.name, {
    durable_name: CHANNEL_STATUS_CONSUMER,
    // Both channels' status subjects of verify's own sends, not the direct sends' (CONSUMERS).
    filter_subject: CONSUMERS.verifyChannelStatus.filter,
    max_deliver: -1,
  });
  return runConsumer({
    js: bus.js,
    stream: STREAMS.events.name,
    durable: CHANNEL_STATUS_CONSUMER,
    logger,
    // Redeliveries here mostly wait for an attempt row a moment from committing: retry quickly.
    retryDelayMs: (count) => redeliveryDelayMs(count, redelivery.retryMaxMs),
    alarmAfter: redelivery.alarmAfter,
    async handle(message) {
      const event = readEvent(message, statusData);
      if (!event) return 'drop';
      const { envelope, data } = event;
      // Verify's own sends name their verification: the copy this process last wrote may do,
      // once a start of it this process is finishing has recorded the send.
      const owner = data.metadata?.[VERIFICATION_SID_KEY];
      if (owner) await deps.startWrites.over(owner);
      const channel = envelope.type.startsWith('sms.') ? 'sms' : 'messenger';
      const verification = await deps.store.forAttemptChange(data.sid, owner);
      if (!verification) {
        const sms = channel === 'sms' ? lateSms(data) : undefined;
        const late = owner && sms ? await adoptLateSms(deps, owner, sms) : 'not_yet';
        if (late === 'adopted') {
          recordChannelReport(channel, 'adopted');
          return 'ack';
        }
        // Its attempt committed since the read above (present), or one of verify's sends whose
        // attempt is not committed yet: the next delivery, shortly, finds it and applies this.
        const ours = Boolean(owner);
        const age = deps.clock.now().getTime() - Date.parse(envelope.created_at);
        const waiting = late === 'present' || (ours && age < UNPLACED_REPORT_PATIENCE_MS);
        recordChannelReport(channel, waiting ? 'waiting' : 'ignored');
        return waiting ? 'retry' : 'ack';
      }
      recordChannelReport(channel, await applyChannelStatus(deps, verification, data.sid, data.status));
      return 'ack';
    },
  });
}

/** An SMS report as the attempt it shows, when it carries what an attempt needs. */
function lateSms(data: z.infer<typeof statusData>): AttemptRecord | undefined {
  const costCents = data.cost === undefined ? undefined : parseAmount(data.cost);
  if (costCents === undefined || data.date_created === undefined) return undefined;
  return { sid: data.sid, channel: 'sms', status: data.status, costCents, createdAt: new Date(data.date_created) };
}
