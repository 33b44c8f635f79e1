import type { JsMsg } from '@nats-io/jetstream';
import { runConsumer, type MessageOutcome, type RunningConsumer } from '@otp/platform';
import type { JetStreamClient } from '@nats-io/jetstream';
import { errorRetryDelayMs } from '../domain/delivery.js';
import { deliverClaimed, fail, type DeliverDeps } from '../operations/deliver-sms.js';
import { giveMoneyBack } from '../operations/money-back.js';
import { SMS_OUTBOUND_DURABLE, SMS_OUTBOUND_STREAM, parseQueuedSms } from './outbound-queue.js';

export interface DeliveryWorkerDeps extends DeliverDeps {
  js: JetStreamClient;
  /** The queue consumer's ack wait (SMS_ACK_WAIT_MS). */
  ackWaitMs: number;
  concurrency: number;
}

/**
 * The consumer of the sms.outbound work queue. Each step is safe to repeat, because JetStream
 * redelivers after a crash: state changes are conditional updates, and capture and refund carry
 * the keys `<sid>:capture` / `<sid>:refund`, so a replay never moves money twice.
 */
export function startDeliveryWorker(deps: DeliveryWorkerDeps): Promise<RunningConsumer> {
  return runConsumer({
    js: deps.js,
    stream: SMS_OUTBOUND_STREAM,
    durable: SMS_OUTBOUND_DURABLE,
    logger: deps.logger,
    maxInFlight: deps.concurrency,
    // Only for a thrown error (the delivery itself says how long each try waits).
    retryDelayMs: (deliveryCount) => errorRetryDelayMs(deps.retryBaseMs, deliveryCount),
    // A submit can outlast the ack wait on a slow carrier: keep the message ours meanwhile.
    workingEveryMs: Math.max(100, Math.floor(deps.ackWaitMs / 3)),
    handle: (message: JsMsg) => deliver(deps, message),
  });
}

async function deliver(deps: DeliveryWorkerDeps, queued: JsMsg): Promise<MessageOutcome> {
  const { messages, clock, logger } = deps;
  const sid = parseQueuedSms(queued.data);
  if (!sid) {
    logger.error({ subject: queued.subject }, 'unreadable sms.outbound message dropped');
    return 'drop';
  }
  const row = await messages.claim(sid, queued.seq, clock.now());
  if (!row) {
    const done = await messages.bySid(sid);
    if (!done) {
      logger.error({ sid }, 'queued sms not found, dropped');
      return 'drop';
    }
    // Marked failed but the refund may not have gone through before a crash: settle it (idempotent).
    if (done.moneyDue) await giveMoneyBack(deps, done);
    return 'ack';
  }
  try {
    return await deliverClaimed(deps, row);
  } catch (error) {
    // Redelivered with backoff, but not forever: past SMS_MAX_AGE_MS it fails with its money back.
    if (clock.now().getTime() - row.createdAt.getTime() < deps.maxAgeMs) throw error;
    logger.error({ sid, err: error }, 'sms delivery kept failing until its maximum age: failed');
    const why = error instanceof Error ? error.message : String(error);
    await fail(deps, row, `the delivery kept failing until the maximum age (SMS_MAX_AGE_MS): ${why}`);
    return 'ack';
  }
}
