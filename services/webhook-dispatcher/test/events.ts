import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { CALLBACK_URL_HEADER, publish, STREAMS, type EventEnvelope } from '@otp/platform';
import { connectObserver, eventually, platformNats, type SuiteNats } from '@otp/test/infra';
import { INTAKE_CONSUMER } from '../src/events/intake.js';

// Publishes events the way the producers' outbox relay does: JSON envelope, Nats-Msg-Id = event
// id, the callback URL in the CALLBACK_URL_HEADER header, on the subject of the type's owner (the
// dispatcher takes nothing else). As the suites' observer, which may publish anything.

export const SUBJECT_OF: Record<string, string> = {
  verification: 'events.verification.finished',
  sms: 'events.sms.status',
  messenger: 'events.messenger.status',
};

export function envelope(
  type: string,
  projectId: string,
  data: Record<string, unknown>,
): EventEnvelope<Record<string, unknown>> {
  return { id: randomUUID(), type, created_at: new Date().toISOString(), project_id: projectId, data };
}

export class Producer {
  private constructor(private readonly nc: NatsConnection) {}

  static async connect(nats: SuiteNats = platformNats()): Promise<Producer> {
    return new Producer(await connectObserver(nats));
  }

  async emit(event: EventEnvelope, callbackUrl: string | undefined, msgId = event.id): Promise<void> {
    const subject = SUBJECT_OF[event.type.split('.')[0]!]!;
    await publish(jetstream(this.nc), subject, JSON.stringify(event), {
      msgId,
      headers: callbackUrl ? { [CALLBACK_URL_HEADER]: callbackUrl } : {},
    });
  }

  close(): Promise<void> {
    return this.nc.close();
  }
}

/** Waits until the dispatcher's intake has taken and acked every event published so far. */
export async function intakeDrained(what: string): Promise<void> {
  const nc = await connectObserver();
  try {
    const jsm = await jetstreamManager(nc);
    await eventually(
      () => jsm.consumers.info(STREAMS.events.name, INTAKE_CONSUMER),
      (info) =>
        info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq === info.ack_floor.stream_seq,
      { what },
    );
  } finally {
    await nc.close();
  }
}
