import { outboxRow, smsMessageResource, SUBJECTS, type LogFilter, type SmsMessageRecord } from '@otp/platform';
import type { Message } from '../generated/prisma/client.js';
import { currentCostCents, type SmsStatus } from '../domain/delivery.js';
import type { Db } from './database.js';
import { listMessages } from './message-list.js';
import { fromRecord, type MessageRecord } from './message-rows.js';

/** The proto `SmsMessage` of a stored message (what Send and Get answer). */
export type SmsMessageView = SmsMessageRecord & { project_id: string; purpose: string; attempts: number };

export function messageView(row: Message): SmsMessageView {
  return {
    sid: row.sid,
    project_id: row.projectId,
    status: row.status,
    to: row.to,
    from: row.from,
    body: row.body,
    sms_segments: row.segments,
    cost_cents: currentCostCents(row.status, row.costCents),
    metadata_json: JSON.stringify(row.metadata ?? {}),
    date_created: row.createdAt.toISOString(),
    ...(row.processedAt ? { processed_at: row.processedAt.toISOString() } : {}),
    ...(row.lastError ? { last_error: row.lastError } : {}),
    ...(row.deliveryStatus ? { delivery_status: row.deliveryStatus } : {}),
    ...(row.deliveredAt ? { delivered_at: row.deliveredAt.toISOString() } : {}),
    ...(row.carrier && row.status !== 'processing' && row.status !== 'queued' ? { carrier: row.carrier } : {}),
    purpose: row.purpose,
    attempts: row.attempts,
  };
}

export type SmsEventType = 'sms.sent' | 'sms.failed' | 'sms.delivered' | 'sms.undelivered';

/** The event a status change writes (sms.sent, sms.failed, and the receipts' sms.delivered, sms.undelivered), carrying the public resource. */
export function statusEvent(row: Message, type: SmsEventType, now: Date) {
  const subject = type === 'sms.delivered' || type === 'sms.undelivered' ? SUBJECTS.smsReceipt : SUBJECTS.smsStatus;
  const event = outboxRow(subject, type, row.projectId, smsMessageResource(messageView(row)), now);
  // The dispatcher reads the target from here, never from this service's tables.
  const headers = row.callbackUrl ? { ...event.headers, 'otp-callback-url': row.callbackUrl } : event.headers;
  return { ...event, headers };
}

// The send path and the worker write with single raw statements: they run for every message, and
// a statement Prisma does not have to plan costs a fraction of the CPU of a model query.
export class Messages {
  constructor(private readonly db: Db) {}

  /**
   * The queue refused the message: the row stays as a record of the attempt, never to be sent, and
   * its hold is due back (money_due) until Billing confirms the release. A message sent for a
   * verification announces it (`sms.failed`, status `enqueue_failed`): a repeat of verify's send
   * may have been told `queued` while this publish was still failing, and verify must learn that
   * its attempt never went out. A direct send's caller was told by the 503 instead.
   */
  async markEnqueueFailed(queued: Message, error: string, now: Date): Promise<boolean> {
    const row: Message = { ...queued, status: 'enqueue_failed', lastError: error, moneyDue: true, updatedAt: now };
    const event = statusEvent(row, 'sms.failed', now);
    // Answers whether the row changed: a publish whose answer was lost may have reached the queue,
    // and the worker may have taken the message already (no longer `queued`): then it is sent.
    const changed = await this.db.$queryRaw<{ sid: string }[]>`
      WITH failed AS (
        UPDATE messages SET status = 'enqueue_failed', last_error = ${error}, money_due = true, body_sealed = NULL,
               updated_at = ${now}
         WHERE sid = ${row.sid} AND status = 'queued'
        RETURNING sid, purpose),
      announced AS (
        INSERT INTO outbox_events (id, subject, type, payload, headers, created_at)
        SELECT ${event.id}::uuid, ${event.subject}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
               ${JSON.stringify(event.headers)}::jsonb, ${now} FROM failed WHERE failed.purpose = 'verify')
      SELECT sid FROM failed`;
    return changed.length > 0;
  }

  /** A message as the API shows it: intents (accepted) and discarded ones are never shown. */
  async inProject(projectId: string, sid: string): Promise<Message | null> {
    return this.db.message.findFirst({ where: { sid, projectId, status: { notIn: ['accepted', 'discarded'] } } });
  }

  /** A page of the console's SMS log, newest first. */
  async list(filter: LogFilter): Promise<Message[]> {
    return listMessages(this.db, filter);
  }

  async bySid(sid: string): Promise<Message | null> {
    return this.db.message.findUnique({ where: { sid } });
  }

  /**
   * queued -> processing for the queue message with stream sequence `seq` (processing stays, on a
   * redelivery of that same message), returning the message; null when it is already final,
   * unknown, or claimed by another queue message for the same sid (the recovery pass may publish a
   * sid again; only one of its queue messages ever carries it to the carrier).
   */
  async claim(sid: string, seq: number, now: Date): Promise<Message | null> {
    const rows = await this.db.$queryRaw<MessageRecord[]>`
      UPDATE messages SET status = 'processing', claimed_seq = ${seq}, updated_at = ${now}
       WHERE sid = ${sid}
         AND (status = 'queued' OR (status = 'processing' AND (claimed_seq IS NULL OR claimed_seq = ${seq})))
      RETURNING *`;
    return rows[0] ? fromRecord(rows[0]) : null;
  }

  /** Billing confirmed the release or refund this row was owed. */
  async moneySettled(sid: string): Promise<void> {
    await this.db.$executeRaw`UPDATE messages SET money_due = false WHERE sid = ${sid} AND money_due`;
  }

  /** Counts one submit attempt before it is made, so a crash mid-submit still counts it. */
  async countAttempt(sid: string, now: Date): Promise<number | undefined> {
    const rows = await this.db.$queryRaw<{ attempts: number }[]>`
      UPDATE messages SET attempts = attempts + 1, updated_at = ${now}
       WHERE sid = ${sid} AND status = 'processing' RETURNING attempts`;
    return rows[0]?.attempts;
  }

  /** A try that spent none of the message's retries (throttled, no carrier could take it). */
  async uncountAttempt(sid: string, now: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE messages SET attempts = greatest(attempts - 1, 0), updated_at = ${now} WHERE sid = ${sid} AND status = 'processing'`;
  }

  async recordError(sid: string, error: string, now: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE messages SET last_error = ${error}, submit_started_at = NULL, updated_at = ${now} WHERE sid = ${sid} AND status = 'processing'`;
  }

  /**
   * The carrier a try goes to, the reference of its parts and when it started, written before the
   * submit: a crash mid-submit leaves a try whose outcome is unknown (domain/delivery.ts).
   */
  async recordTry(sid: string, carrier: string, reference: number, now: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE messages SET carrier = ${carrier}, concat_reference = ${reference}, submit_started_at = ${now}, updated_at = ${now}
       WHERE sid = ${sid} AND status = 'processing'`;
  }

  /** The parts the carrier has accepted so far (ids in part order, "" for the others) and their receipt keys. */
  async recordParts(sid: string, ids: string[], receiptKeys: string[], now: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE messages SET carrier_message_ids = ${ids}::text[], receipt_keys = ${receiptKeys}::text[],
             submit_started_at = NULL, updated_at = ${now}
       WHERE sid = ${sid} AND status = 'processing'`;
  }

  /** The carrier confirmed it has none of the message: the next try may go anywhere, under a new reference. */
  async leaveCarrier(sid: string, now: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE messages SET carrier = NULL, concat_reference = NULL, submit_started_at = NULL, updated_at = ${now}
       WHERE sid = ${sid} AND status = 'processing'`;
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

  /** processing -> failed with its event, atomically; its refund is due until Billing confirms it. */
  async markFailed(claimed: Message, error: string, now: Date): Promise<boolean> {
    return this.finish({ ...claimed, status: 'failed', lastError: error, updatedAt: now });
  }

  /** Writes the final state and its event in one statement: both or neither. */
  private async finish(row: Message): Promise<boolean> {
    const status = row.status as Extract<SmsStatus, 'sent' | 'failed'>;
    const event = statusEvent(row, status === 'sent' ? 'sms.sent' : 'sms.failed', row.updatedAt);
    const written = await this.db.$executeRaw`
      WITH finished AS (
        UPDATE messages SET status = ${status}, money_due = ${status === 'failed'}, body_sealed = NULL, submit_started_at = NULL,
               carrier_message_ids = ${row.carrierMessageIds}::text[],
               carrier = ${row.carrier}, receipt_keys = ${row.receiptKeys}::text[],
               processed_at = ${row.processedAt}::timestamptz, last_error = ${row.lastError}, updated_at = ${row.updatedAt}
         WHERE sid = ${row.sid} AND status = 'processing'
        RETURNING sid)
      INSERT INTO outbox_events (id, subject, type, payload, headers, created_at)
      SELECT ${event.id}::uuid, ${event.subject}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
             ${JSON.stringify(event.headers)}::jsonb, ${row.updatedAt} FROM finished`;
    return written > 0;
  }
}
