import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { publish, type EventEnvelope } from '@otp/platform';

// Publishes events the way the producers' outbox relay does: JSON envelope, Nats-Msg-Id = event
// id, the callback URL in the `otp-callback-url` header.

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

  static async connect(url: string): Promise<Producer> {
    return new Producer(await connect({ servers: url }));
  }

  async emit(event: EventEnvelope, callbackUrl: string | undefined, msgId = event.id): Promise<void> {
    const subject = SUBJECT_OF[event.type.split('.')[0]!]!;
    await publish(jetstream(this.nc), subject, JSON.stringify(event), {
      msgId,
      headers: callbackUrl ? { 'otp-callback-url': callbackUrl } : {},
    });
  }

  close(): Promise<void> {
    return this.nc.close();
  }
}
