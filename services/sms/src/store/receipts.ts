import type { Message } from '../generated/prisma/client.js';
import type { DeliveryStatus } from '../domain/receipts.js';
import type { Db } from './database.js';
import { fromRecord, type MessageRecord } from './message-rows.js';
import { statusEvent } from './messages.js';

/** A stored receipt of one part of a message. */
export interface PartReceipt {
  state: string;
  doneAt: Date | null;
  receivedAt: Date;
}

export class DeliveryReceipts {
  constructor(private readonly db: Db) {}

  /**
   * Stores a carrier receipt (a repeat of the same id keeps the latest state) and matches it to
   * its message when that message's ids are known; returns that message's sid.
   */
  async record(
    carrier: string,
    key: string,
    receipt: { carrierMessageId: string; state: string; error?: string; doneAt?: Date },
    now: Date,
  ): Promise<string | undefined> {
    const rows = await this.db.$queryRaw<{ sid: string | null }[]>`
      INSERT INTO delivery_receipts (carrier, receipt_key, carrier_message_id, state, error, done_at, received_at, sid)
      VALUES (${carrier}, ${key}, ${receipt.carrierMessageId}, ${receipt.state}, ${receipt.error ?? null},
              ${receipt.doneAt ?? null}::timestamptz, ${now},
              (SELECT sid FROM messages WHERE receipt_keys @> ARRAY[${`${carrier}:${key}`}]::text[] LIMIT 1))
      ON CONFLICT (carrier, receipt_key) DO UPDATE
        SET state = EXCLUDED.state, error = EXCLUDED.error, done_at = EXCLUDED.done_at,
            received_at = EXCLUDED.received_at, sid = coalesce(delivery_receipts.sid, EXCLUDED.sid)
      RETURNING sid`;
    return rows[0]?.sid ?? undefined;
  }

  /**
   * Receipts that came before their message's ids were stored, matched now; returns the sids of
   * messages that may have a delivery status to settle (matched now, or earlier while unsent).
   */
  async matchWaiting(limit: number): Promise<string[]> {
    const matched = await this.db.$queryRaw<{ sid: string }[]>`
      UPDATE delivery_receipts r SET sid = m.sid
        FROM messages m
       WHERE r.sid IS NULL AND m.receipt_keys @> ARRAY[r.carrier || ':' || r.receipt_key]
      RETURNING m.sid`;
    const unsettled = await this.db.$queryRaw<{ sid: string }[]>`
      SELECT DISTINCT m.sid FROM messages m JOIN delivery_receipts r ON r.sid = m.sid
       WHERE m.status = 'sent' AND m.delivery_status IS NULL LIMIT ${limit}`;
    return [...new Set([...matched.map((r) => r.sid), ...unsettled.map((r) => r.sid)])];
  }

  /** Receipts of `carrier` that came before the message's ids were stored: theirs now. */
  async matchMessage(sid: string, carrier: string, keys: string[]): Promise<void> {
    await this.db.$executeRaw`
      UPDATE delivery_receipts SET sid = ${sid}
       WHERE sid IS NULL AND carrier = ${carrier} AND (carrier || ':' || receipt_key) = ANY(${keys}::text[])`;
  }

  async ofMessage(sid: string): Promise<PartReceipt[]> {
    const rows = await this.db.$queryRaw<{ state: string; done_at: Date | null; received_at: Date }[]>`
      SELECT state, done_at, received_at FROM delivery_receipts WHERE sid = ${sid}`;
    return rows.map((r) => ({
      state: r.state,
      doneAt: r.done_at ? new Date(r.done_at) : null,
      receivedAt: new Date(r.received_at),
    }));
  }

  /**
   * A sent message's delivery status with its event (sms.delivered or sms.undelivered), once:
   * the first final answer stands. True when this call wrote it.
   */
  async settle(row: Message, status: DeliveryStatus, deliveredAt: Date | null, now: Date): Promise<boolean> {
    const settled: Message = { ...row, deliveryStatus: status, deliveredAt, updatedAt: now };
    const event = statusEvent(settled, status === 'delivered' ? 'sms.delivered' : 'sms.undelivered', now);
    const written = await this.db.$executeRaw`
      WITH settled AS (
        UPDATE messages SET delivery_status = ${status}, delivered_at = ${deliveredAt}::timestamptz, updated_at = ${now}
         WHERE sid = ${row.sid} AND status = 'sent' AND delivery_status IS NULL
        RETURNING sid)
      INSERT INTO outbox_events (id, subject, type, payload, headers, created_at)
      SELECT ${event.id}::uuid, ${event.subject}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
             ${JSON.stringify(event.headers)}::jsonb, ${now} FROM settled`;
    return written > 0;
  }

  async message(sid: string): Promise<Message | null> {
    const rows = await this.db.$queryRaw<MessageRecord[]>`SELECT * FROM messages WHERE sid = ${sid}`;
    return rows[0] ? fromRecord(rows[0]) : null;
  }
}
