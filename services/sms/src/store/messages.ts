import {
  CALLBACK_URL_HEADER,
  outboxRow,
  outboxValues,
  poolRunner,
  smsMessageResource,
  SUBJECTS,
  type LogFilter,
  type SchemaPool,
  type SmsMessageRecord,
  type StatementRunner,
} from '@otp/platform';
import type { Message } from '../generated/prisma/client.js';
import { currentCostCents, type SmsStatus } from '../domain/delivery.js';
import type { Db } from './database.js';
import { listMessages } from './message-list.js';
import { fromRecord, partReceipt, type MessageRecord, type OpenDelivery, type ReceiptRecord } from './message-rows.js';
import { SMS_STATEMENTS } from './message-statements.js';

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

/**
 * The event a status change writes (sms.sent, sms.failed, and the receipts' sms.delivered, sms.undelivered), carrying the
 * public resource. Only the status of verify's own sends goes where verify listens (SUBJECTS).
 */
export function statusEvent(row: Message, type: SmsEventType, now: Date) {
  const subject =
    type === 'sms.delivered' || type === 'sms.undelivered'
      ? SUBJECTS.smsReceipt
      : row.purpose === 'verify'
        ? SUBJECTS.smsStatus
        : SUBJECTS.smsDirectStatus;
  const event = outboxRow(subject, type, row.projectId, smsMessageResource(messageView(row)), now);
  // The dispatcher reads the target from here, never from this service's tables.
  const headers = row.callbackUrl ? { ...event.headers, [CALLBACK_URL_HEADER]: row.callbackUrl } : event.headers;
  return { ...event, headers };
}

// Every statement of a message on its way (send, worker, recovery) is a named statement on the pool
// (message-statements.ts): the worker and the recovery pass never load Prisma's query compiler.
// Only the console's log (`list`) reads through Prisma.
export class Messages {
  private readonly statements: StatementRunner;

  constructor(
    private readonly db: Db,
    pool: SchemaPool,
  ) {
    this.statements = poolRunner(pool);
  }

  /**
   * The queue refused the message: the row stays as a record of the attempt, never to be sent, and
   * its hold is due back (money_due) until Billing confirms the release. It is announced
   * (`sms.failed`, status `enqueue_failed`; the direct send's webhook, verify's event): the caller
   * that sent it may have hung up before the 503, and verify must learn its attempt never went out.
   * Not once a publish of it was confirmed (another attempt's): it is on the queue then.
   */
  async markEnqueueFailed(queued: Message, error: string, now: Date): Promise<boolean> {
    const row: Message = { ...queued, status: 'enqueue_failed', lastError: error, moneyDue: true, updatedAt: now };
    const event = statusEvent(row, 'sms.failed', now);
    // Answers whether the row changed: a publish whose answer was lost may have reached the queue,
    // and the worker may have taken the message already (no longer `queued`): then it is sent.
    const changed = await this.statements.rows(SMS_STATEMENTS.enqueueFailed, [
      row.sid,
      error,
      now,
      ...outboxValues(event, now),
    ]);
    return changed.length > 0;
  }

  /**
   * A publish of the queued message was confirmed: from now on `queued` is an answer (enqueue_failed
   * can no longer follow). Null when it became enqueue_failed first.
   */
  async markEnqueued(sid: string, now: Date): Promise<Message | null> {
    const [row] = await this.statements.rows<MessageRecord>(SMS_STATEMENTS.markEnqueued, [sid, now]);
    return row ? fromRecord(row) : null;
  }

  /** A message as the API shows it: intents (accepted) and discarded ones are never shown. */
  async inProject(projectId: string, sid: string): Promise<Message | null> {
    const [row] = await this.statements.rows<MessageRecord>(SMS_STATEMENTS.messageInProject, [sid, projectId]);
    return row ? fromRecord(row) : null;
  }

  /** A page of the console's SMS log, newest first. */
  async list(filter: LogFilter): Promise<Message[]> {
    return listMessages(this.db, filter);
  }

  async bySid(sid: string): Promise<Message | null> {
    const [row] = await this.statements.rows<MessageRecord>(SMS_STATEMENTS.message, [sid]);
    return row ? fromRecord(row) : null;
  }

  /**
   * queued -> processing for the queue message with stream sequence `seq` (processing stays, on a
   * redelivery of that same message), returning the message; null when it is already final,
   * unknown, or claimed by another queue message for the same sid (the recovery pass may publish a
   * sid again; only one of its queue messages ever carries it to the carrier).
   */
  async claim(sid: string, seq: number, now: Date): Promise<Message | null> {
    const [row] = await this.statements.rows<MessageRecord>(SMS_STATEMENTS.claim, [sid, seq, now]);
    return row ? fromRecord(row) : null;
  }

  /** Billing confirmed the release or refund this row was owed. */
  async moneySettled(sid: string): Promise<void> {
    await this.statements.rows(SMS_STATEMENTS.moneySettled, [sid]);
  }

  /** A delivery that spent none of the message's retries (throttled, no carrier could take it) gives its retry back. */
  async uncountAttempt(sid: string, now: Date): Promise<void> {
    await this.statements.rows(SMS_STATEMENTS.uncountAttempt, [sid, now]);
  }

  async recordError(sid: string, error: string, now: Date): Promise<void> {
    await this.statements.rows(SMS_STATEMENTS.recordError, [sid, error, now]);
  }

  /**
   * The carrier a try goes to, the reference of its parts and when it started, written before the
   * submit: a crash mid-submit leaves a try whose outcome is unknown (domain/delivery.ts). Every
   * try counts in `attempts`; the first try of a delivery spends a retry (`spendsRetry`), so a
   * crash mid-submit still spends it. Answers the retries spent so far; undefined when the
   * message is no longer being delivered (a concurrent delivery finished it).
   */
  async recordTry(
    sid: string,
    carrier: string,
    reference: number,
    now: Date,
    spendsRetry: boolean,
  ): Promise<number | undefined> {
    const [row] = await this.statements.rows<{ retry_attempts: number }>(SMS_STATEMENTS.recordTry, [
      sid,
      carrier,
      reference,
      now,
      spendsRetry,
    ]);
    return row?.retry_attempts;
  }

  /** The parts the carrier has accepted so far (ids in part order, "" for the others) and their receipt keys. */
  async recordParts(sid: string, ids: string[], receiptKeys: string[], now: Date): Promise<void> {
    await this.statements.rows(SMS_STATEMENTS.recordParts, [sid, ids, receiptKeys, now]);
  }

  /** The carrier confirmed it has none of the message: the next try may go anywhere, under a new reference. */
  async leaveCarrier(sid: string, now: Date): Promise<void> {
    await this.statements.rows(SMS_STATEMENTS.leaveCarrier, [sid, now]);
  }

  /**
   * processing -> sent with its event, atomically, and the receipts that raced ahead of its ids
   * made its own: the row as written with every receipt of its parts, or null when another
   * delivery got there first (and settles it).
   */
  async markSent(claimed: Message, carrierMessageIds: string[], now: Date): Promise<OpenDelivery | null> {
    const row: Message = {
      ...claimed,
      status: 'sent',
      bodySealed: null,
      submitStartedAt: null,
      moneyDue: false,
      carrierMessageIds,
      processedAt: now,
      // The latest delivery error stays (spec: last_error is the latest one, present when there is one).
      updatedAt: now,
    };
    const [written] = await this.statements.rows<{ receipts: ReceiptRecord[] }>(
      SMS_STATEMENTS.markSent,
      this.finishValues(row),
    );
    return written ? { row, parts: written.receipts.map(partReceipt) } : null;
  }

  /** processing -> failed with its event, atomically; its refund is due until Billing confirms it. */
  async markFailed(claimed: Message, error: string, now: Date): Promise<boolean> {
    return this.finish({ ...claimed, status: 'failed', lastError: error, updatedAt: now });
  }

  /** Writes the final state and its event in one statement: both or neither. */
  private async finish(row: Message): Promise<boolean> {
    const written = await this.statements.rows(SMS_STATEMENTS.finish, this.finishValues(row));
    return written.length > 0;
  }

  /** The parameters of `finish` and `markSent`: the final state, then its event. */
  private finishValues(row: Message): unknown[] {
    const status = row.status as Extract<SmsStatus, 'sent' | 'failed'>;
    const event = statusEvent(row, status === 'sent' ? 'sms.sent' : 'sms.failed', row.updatedAt);
    return [
      row.sid,
      status,
      row.carrierMessageIds,
      row.carrier,
      row.receiptKeys,
      row.processedAt,
      row.lastError,
      row.updatedAt,
      ...outboxValues(event, row.updatedAt),
    ];
  }
}
