import { outboxRow, smsMessageResource, SUBJECTS, type SmsMessageRecord } from '@otp/platform';
import type { Prisma } from '../generated/prisma/client.js';
import type { Message } from '../generated/prisma/client.js';
import type { SmsEncoding } from '../domain/segments.js';
import type { SmsPurpose, SmsStatus } from '../domain/delivery.js';
import type { Db, Tx } from './database.js';

/** The proto `SmsMessage` of a stored message (what Send and Get answer). */
export type SmsMessageView = SmsMessageRecord & { project_id: string };

export function messageView(row: Message): SmsMessageView {
  return {
    sid: row.sid,
    project_id: row.projectId,
    status: row.status,
    to: row.to,
    from: row.from,
    body: row.body,
    sms_segments: row.segments,
    cost_cents: row.costCents,
    metadata_json: JSON.stringify(row.metadata ?? {}),
    date_created: row.createdAt.toISOString(),
    ...(row.processedAt ? { processed_at: row.processedAt.toISOString() } : {}),
    ...(row.lastError ? { last_error: row.lastError } : {}),
  };
}

export interface NewMessage {
  sid: string;
  projectId: string;
  purpose: SmsPurpose;
  to: string;
  from: string;
  body: string;
  segments: number;
  encoding: SmsEncoding;
  priceCents: number;
  costCents: number;
  metadata: Prisma.InputJsonObject;
  callbackUrl: string | undefined;
  holdId: string;
  createdAt: Date;
}

/** The event a final status writes: sms.sent or sms.failed, carrying the public resource. */
async function writeStatusEvent(tx: Tx, row: Message, type: 'sms.sent' | 'sms.failed', now: Date): Promise<void> {
  const event = outboxRow(SUBJECTS.smsStatus, type, row.projectId, smsMessageResource(messageView(row)), now);
  // The dispatcher reads the target from here, never from this service's tables.
  const headers = row.callbackUrl ? { ...event.headers, 'otp-callback-url': row.callbackUrl } : event.headers;
  await tx.outboxEvent.create({
    data: {
      id: event.id,
      subject: event.subject,
      type: event.type,
      payload: event.payload as unknown as Prisma.InputJsonObject,
      headers,
      createdAt: now,
    },
  });
}

export class Messages {
  constructor(private readonly db: Db) {}

  async insertQueued(message: NewMessage): Promise<Message> {
    return this.db.message.create({
      data: { ...message, callbackUrl: message.callbackUrl ?? null, status: 'queued', updatedAt: message.createdAt },
    });
  }

  /** The queue refused the message: the row stays as a record of the attempt, never to be sent. */
  async markEnqueueFailed(sid: string, error: string, now: Date): Promise<Message> {
    await this.db.message.updateMany({
      where: { sid, status: 'queued' },
      data: { status: 'enqueue_failed', lastError: error, updatedAt: now },
    });
    return this.db.message.findUniqueOrThrow({ where: { sid } });
  }

  async inProject(projectId: string, sid: string): Promise<Message | null> {
    return this.db.message.findFirst({ where: { sid, projectId } });
  }

  async bySid(sid: string): Promise<Message | null> {
    return this.db.message.findUnique({ where: { sid } });
  }

  /**
   * queued -> processing (processing stays, on a redelivery), returning the message; null when it
   * is already final or unknown.
   */
  async claim(sid: string, now: Date): Promise<Message | null> {
    const rows = await this.db.message.updateManyAndReturn({
      where: { sid, status: { in: ['queued', 'processing'] } },
      data: { status: 'processing', updatedAt: now },
    });
    return rows[0] ?? null;
  }

  /** Counts one submit attempt before it is made, so a crash mid-submit still counts it. */
  async countAttempt(sid: string, now: Date): Promise<number | undefined> {
    const rows = await this.db.$queryRaw<{ attempts: number }[]>`
      UPDATE messages SET attempts = attempts + 1, updated_at = ${now}
       WHERE sid = ${sid} AND status = 'processing' RETURNING attempts`;
    return rows[0]?.attempts;
  }

  async recordError(sid: string, error: string, now: Date): Promise<void> {
    await this.db.message.updateMany({
      where: { sid, status: 'processing' },
      data: { lastError: error, updatedAt: now },
    });
  }

  /** processing -> sent with its event, in one transaction; false when another delivery got there first. */
  async markSent(sid: string, carrierMessageIds: string[], now: Date): Promise<boolean> {
    return this.finish(sid, 'sent', now, { carrierMessageIds, processedAt: now, lastError: null });
  }

  /** processing -> failed with its event, in one transaction. */
  async markFailed(sid: string, error: string, now: Date): Promise<boolean> {
    return this.finish(sid, 'failed', now, { lastError: error });
  }

  private async finish(
    sid: string,
    status: Extract<SmsStatus, 'sent' | 'failed'>,
    now: Date,
    data: Prisma.MessageUpdateManyMutationInput,
  ): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const [row] = await tx.message.updateManyAndReturn({
        where: { sid, status: 'processing' },
        data: { ...data, status, updatedAt: now },
      });
      if (!row) return false;
      await writeStatusEvent(tx, row, status === 'sent' ? 'sms.sent' : 'sms.failed', now);
      return true;
    });
  }
}
