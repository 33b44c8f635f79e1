import { AckPolicy, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { CONSUMERS, ensureConsumer, publish, requireStream, STREAMS, SUBJECTS } from '@otp/platform';

// The sms.outbound work queue: one message per SMS, message id = sid (JetStream drops a repeat).

export const SMS_OUTBOUND_STREAM = STREAMS.smsOutbound.name;
/** The worker's durable consumer, as the NATS permission table (bus/permissions.ts) grants it. */
export const SMS_OUTBOUND_DURABLE = CONSUMERS.smsDelivery.durable;

/** `ackWaitMs`: how long a delivery may stay unanswered before JetStream hands it out again (a crashed worker). */
export async function provisionOutboundQueue(jsm: JetStreamManager, ackWaitMs: number): Promise<void> {
  // The stream is provisioned by the migrations (bus/provision.ts); the worker's consumer is sms's own.
  await requireStream(jsm, SMS_OUTBOUND_STREAM);
  await ensureConsumer(jsm, SMS_OUTBOUND_STREAM, {
    durable_name: SMS_OUTBOUND_DURABLE,
    ack_policy: AckPolicy.Explicit,
    ack_wait: ackWaitMs * 1_000_000, // nanoseconds
    // Retries are counted in the database (attempts), not by JetStream: redelivery is unbounded.
    max_deliver: -1,
    filter_subject: CONSUMERS.smsDelivery.filter,
  });
}

export async function enqueueSms(js: JetStreamClient, sid: string, timeoutMs: number): Promise<void> {
  await publish(js, SUBJECTS.smsOutbound, JSON.stringify({ sid }), { msgId: sid, timeoutMs });
}

export function parseQueuedSms(data: Uint8Array): string | undefined {
  try {
    const value = JSON.parse(new TextDecoder().decode(data)) as { sid?: unknown };
    return typeof value.sid === 'string' ? value.sid : undefined;
  } catch {
    return undefined;
  }
}
