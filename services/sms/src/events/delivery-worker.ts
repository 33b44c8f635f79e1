import type { JsMsg } from '@nats-io/jetstream';
import {
  runConsumer,
  type Clock,
  type Logger,
  type MessageOutcome,
  type PromiseClient,
  type RunningConsumer,
} from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Carrier } from '../carrier/carrier.js';
import { afterFailedSubmit, retryDelayMs } from '../domain/delivery.js';
import { giveMoneyBack, smsMoneyKeys } from '../operations/money-back.js';
import { planSegments } from '../domain/segments.js';
import type { Messages } from '../store/messages.js';
import { SMS_OUTBOUND_DURABLE, SMS_OUTBOUND_STREAM, parseQueuedSms } from './outbound-queue.js';

export interface DeliveryWorkerDeps {
  js: JetStreamClient;
  messages: Messages;
  billing: PromiseClient<BillingClient>;
  carrier: Carrier;
  clock: Clock;
  logger: Logger;
  retryBaseMs: number;
  /** The queue consumer's ack wait (SMS_ACK_WAIT_MS). */
  ackWaitMs: number;
  concurrency: number;
  /** Called after a commit that wrote outbox rows, so the relay publishes them now. */
  onEvent: () => void;
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
    // Delivery n is retry n-1 (crash redeliveries aside): base, 2 x base, 4 x base, ...
    retryDelayMs: (deliveryCount) => retryDelayMs(deps.retryBaseMs, deliveryCount),
    // A submit can outlast the ack wait on a slow carrier: keep the message ours meanwhile.
    workingEveryMs: Math.max(100, Math.floor(deps.ackWaitMs / 3)),
    handle: (message: JsMsg) => deliver(deps, message),
  });
}

async function deliver(deps: DeliveryWorkerDeps, queued: JsMsg): Promise<MessageOutcome> {
  const { messages, billing, clock, logger } = deps;
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
  // The charge is taken when the message is handed to the carrier (spec).
  if (!row.holdId) throw new Error(`claimed message ${sid} has no hold`); // the schema forbids it
  await billing.Capture({
    hold_id: row.holdId,
    idempotency_key: smsMoneyKeys.capture(sid),
    amount_cents: 0,
    description: `SMS ${sid}`,
  });

  const attempt = await messages.countAttempt(sid, clock.now());
  if (attempt === undefined) return 'ack'; // finished by a concurrent delivery
  try {
    const ids = await deps.carrier.submit({ from: row.from, to: row.to, plan: planSegments(row.body) });
    if (await messages.markSent(row, ids, clock.now())) deps.onEvent();
    return 'ack';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ sid, attempt, err: error }, 'carrier submit failed');
    if (afterFailedSubmit(attempt) === 'retry') {
      await messages.recordError(sid, reason, clock.now());
      return 'retry';
    }
    if (await messages.markFailed(row, reason, clock.now())) deps.onEvent();
    await giveMoneyBack(deps, { ...row, status: 'failed' });
    return 'ack';
  }
}
