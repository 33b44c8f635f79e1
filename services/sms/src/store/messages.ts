import { outboxRow, smsMessageResource, SUBJECTS, type SmsMessageRecord } from '@otp/platform';
import type { Prisma } from '../generated/prisma/client.js';
import type { Message } from '../generated/prisma/client.js';
import type { SmsEncoding } from '../domain/segments.js';
import type { SmsPurpose, SmsStatus } from '../domain/delivery.js';
import type { Db } from './database.js';

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
  metadata: Prisma.JsonObject;
  callbackUrl: string | undefined;
  holdId: string;
  createdAt: Date;
}

/** The event a final status writes: sms.sent or sms.failed, carrying the public resource. */
function statusEvent(row: Message, type: 'sms.sent' | 'sms.failed', now: Date) {
  const event = outboxRow(SUBJECTS.smsStatus, type, row.projectId, smsMessageResource(messageView(row)), now);
  // The dispatcher reads the target from here, never from this service's tables.
  const headers = row.callbackUrl ? { ...event.headers, 'otp-callback-url': row.callbackUrl } : event.headers;
  return { ...event, headers };
}

/** A `messages` row as raw SQL returns it. */
interface MessageRecord {
  sid: string;
  project_id: string;
  status: string;
  purpose: string;
  to: string;
  from: string;
  body: string;
  segments: number;
  encoding: string;
  price_cents: number;
  cost_cents: number;
  metadata: Prisma.JsonValue;
  callback_url: string | null;
  hold_id: string;
  attempts: number;
  carrier_message_ids: string[];
  last_error: string | null;
  created_at: Date;
  processed_at: Date | null;
  updated_at: Date;
}

function fromRecord(record: MessageRecord): Message {
  return {
    sid: record.sid,
    projectId: record.project_id,
    status: record.status,
    purpose: record.purpose,
    to: record.to,
    from: record.from,
    body: record.body,
    segments: record.segments,
    encoding: record.encoding,
    priceCents: record.price_cents,
    costCents: record.cost_cents,
    metadata: record.metadata,
    callbackUrl: record.callback_url,
    holdId: record.hold_id,
    attempts: record.attempts,
    carrierMessageIds: record.carrier_message_ids,
    lastError: record.last_error,
    createdAt: new Date(record.created_at),
    processedAt: record.processed_at ? new Date(record.processed_at) : null,
    updatedAt: new Date(record.updated_at),
  };
}

// The send path and the worker write with single raw statements: they run for every message, and
// a statement Prisma does not have to plan costs a fraction of the CPU of a model query.
export class Messages {
  constructor(private readonly db: Db) {}

  async insertQueued(message: NewMessage): Promise<Message> {
    const row: Message = {
      ...message,
      status: 'queued',
      callbackUrl: message.callbackUrl ?? null,
      attempts: 0,
      carrierMessageIds: [],
      lastError: null,
      processedAt: null,
      updatedAt: message.createdAt,
    };
    await this.db.$executeRaw`
      INSERT INTO messages (sid, project_id, status, purpose, "to", "from", body, segments, encoding,
                            price_cents, cost_cents, metadata, callback_url, hold_id, created_at, updated_at)
      VALUES (${row.sid}, ${row.projectId}, 'queued', ${row.purpose}, ${row.to}, ${row.from}, ${row.body},
              ${row.segments}, ${row.encoding}, ${row.priceCents}, ${row.costCents}, ${JSON.stringify(row.metadata)}::jsonb,
              ${row.callbackUrl}, ${row.holdId}, ${row.createdAt}, ${row.updatedAt})`;
    return row;
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
    const rows = await this.db.$queryRaw<MessageRecord[]>`
      UPDATE messages SET status = 'processing', updated_at = ${now}
       WHERE sid = ${sid} AND status IN ('queued', 'processing')
      RETURNING *`;
    return rows[0] ? fromRecord(rows[0]) : null;
  }

  /** Counts one submit attempt before it is made, so a crash mid-submit still counts it. */
  async countAttempt(sid: string, now: Date): Promise<number | undefined> {
    const rows = await this.db.$queryRaw<{ attempts: number }[]>`
      UPDATE messages SET attempts = attempts + 1, updated_at = ${now}
       WHERE sid = ${sid} AND status = 'processing' RETURNING attempts`;
    return rows[0]?.attempts;
  }

  async recordError(sid: string, error: string, now: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE messages SET last_error = ${error}, updated_at = ${now} WHERE sid = ${sid} AND status = 'processing'`;
  }

  /** processing -> sent with its event, atomically; false when another delivery got there first. */
  async markSent(claimed: Message, carrierMessageIds: string[], now: Date): Promise<boolean> {
    return this.finish({
      ...claimed,
      status: 'sent',
      carrierMessageIds,
      processedAt: now,
      lastError: null,
      updatedAt: now,
    });
  }

  /** processing -> failed with its event, atomically. */
  async markFailed(claimed: Message, error: string, now: Date): Promise<boolean> {
    return this.finish({ ...claimed, status: 'failed', lastError: error, updatedAt: now });
  }

  /** Writes the final state and its event in one statement: both or neither. */
  private async finish(row: Message): Promise<boolean> {
    const status = row.status as Extract<SmsStatus, 'sent' | 'failed'>;
    const event = statusEvent(row, status === 'sent' ? 'sms.sent' : 'sms.failed', row.updatedAt);
    const written = await this.db.$executeRaw`
      WITH finished AS (
        UPDATE messages SET status = ${status}, carrier_message_ids = ${row.carrierMessageIds}::text[],
               processed_at = ${row.processedAt}::timestamptz, last_error = ${row.lastError}, updated_at = ${row.updatedAt}
         WHERE sid = ${row.sid} AND status = 'processing'
        RETURNING sid)
      INSERT INTO outbox_events (id, subject, type, payload, headers, created_at)
      SELECT ${event.id}::uuid, ${event.subject}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
             ${JSON.stringify(event.headers)}::jsonb, ${row.updatedAt} FROM finished`;
    return written > 0;
  }
}
