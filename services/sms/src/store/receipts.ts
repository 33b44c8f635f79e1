import { outboxValues, poolRunner, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { Message } from '../generated/prisma/client.js';
import type { DeliveryStatus } from '../domain/receipts.js';
import {
  fromRecord,
  partReceipt,
  type MessageRecord,
  type OpenDelivery,
  type PartReceipt,
  type ReceiptRecord,
} from './message-rows.js';
import { SMS_PASS_STATEMENTS, SMS_STATEMENTS } from './message-statements.js';
import { statusEvent } from './messages.js';

// Named statements on the pool (message-statements.ts): receipts arrive from the carriers and the
// matching pass runs by itself, neither through Prisma.

/** A receipt as a carrier sent it. */
interface IncomingReceipt {
  carrierMessageId: string;
  state: string;
  error?: string;
  doneAt?: Date;
}

/** What storing a receipt found: how many messages hold its key, and its message if still open. */
export interface RecordedReceipt {
  owners: number;
  open?: OpenDelivery;
}

/** $1..$7 of the statements that store a receipt: carrier, key, carrier id, state, error, done at, now. */
function receiptValues(carrier: string, key: string, receipt: IncomingReceipt, now: Date): unknown[] {
  return [carrier, key, receipt.carrierMessageId, receipt.state, receipt.error ?? null, receipt.doneAt ?? null, now];
}
export class DeliveryReceipts {
  private readonly statements: StatementRunner;

  constructor(pool: SchemaPool) {
    this.statements = poolRunner(pool);
  }

  /**
   * Stores a carrier receipt (a repeat of the same id keeps the latest state) and matches it to
   * its message when that message's ids are known, in one statement. `owners`: the messages
   * holding its key; more than one and the receipt is ambiguous, stored nowhere. `open`: its
   * message with every receipt of its parts, when its delivery status is still open.
   */
  async record(carrier: string, key: string, receipt: IncomingReceipt, now: Date): Promise<RecordedReceipt> {
    const [found] = await this.statements.rows<
      { owners: number } & (
        | (MessageRecord & {
            other_receipts: ReceiptRecord[];
            receipt_state: string;
            receipt_done_at: Date | null;
            receipt_received_at: Date;
          })
        | { sid: null }
      )
    >(SMS_STATEMENTS.recordReceipt, receiptValues(carrier, key, receipt, now));
    if (!found || found.sid === null) return { owners: found?.owners ?? 0 };
    const stored = {
      state: found.receipt_state,
      done_at: found.receipt_done_at,
      received_at: found.receipt_received_at,
    };
    return {
      owners: found.owners,
      open: { row: fromRecord(found), parts: [...found.other_receipts, stored].map(partReceipt) },
    };
  }

  /**
   * Receipts received since `since` that came before their message's ids were stored, matched
   * now; returns the sids of messages that may have a delivery status to settle (matched now, or
   * earlier while unsent).
   */
  async matchWaiting(limit: number, since: Date): Promise<string[]> {
    const matched = await this.statements.rows<{ sid: string }>(SMS_PASS_STATEMENTS.matchWaiting, [since]);
    const unsettled = await this.statements.rows<{ sid: string }>(SMS_PASS_STATEMENTS.unsettled, [limit]);
    return [...new Set([...matched.map((r) => r.sid), ...unsettled.map((r) => r.sid)])];
  }

  async ofMessage(sid: string): Promise<PartReceipt[]> {
    const rows = await this.statements.rows<ReceiptRecord>(SMS_STATEMENTS.receiptsOfMessage, [sid]);
    return rows.map(partReceipt);
  }

  /**
   * A receipt of a one-part message just sent (`row`, as written `sent`), stored matched to it, and
   * the delivery status it decides written with its event in the same statement, while the message
   * is still unsettled. `ambiguous`: another message holds the key too, nothing was written.
   */
  async recordSettling(
    carrier: string,
    key: string,
    receipt: IncomingReceipt,
    settling: { row: Message; status: DeliveryStatus; deliveredAt: Date | null },
    now: Date,
  ): Promise<'settled' | 'stored' | 'ambiguous'> {
    const { row, status, deliveredAt } = settling;
    const event = settlementEvent(row, status, deliveredAt, now);
    const [written] = await this.statements.rows<{ ambiguous: boolean; settled: boolean }>(
      SMS_STATEMENTS.recordSettling,
      [...receiptValues(carrier, key, receipt, now), row.sid, status, deliveredAt, ...outboxValues(event, now)],
    );
    if (written?.ambiguous) return 'ambiguous';
    return written?.settled ? 'settled' : 'stored';
  }

  /**
   * A sent message's delivery status with its event (sms.delivered or sms.undelivered), once:
   * the first final answer stands. True when this call wrote it.
   */
  async settle(row: Message, status: DeliveryStatus, deliveredAt: Date | null, now: Date): Promise<boolean> {
    const event = settlementEvent(row, status, deliveredAt, now);
    const written = await this.statements.rows(SMS_STATEMENTS.settle, [
      row.sid,
      status,
      deliveredAt,
      now,
      ...outboxValues(event, now),
    ]);
    return written.length > 0;
  }

  async message(sid: string): Promise<Message | null> {
    const [row] = await this.statements.rows<MessageRecord>(SMS_STATEMENTS.message, [sid]);
    return row ? fromRecord(row) : null;
  }
}

/** The event of a message's delivery status (sms.delivered or sms.undelivered), as settled. */
function settlementEvent(row: Message, status: DeliveryStatus, deliveredAt: Date | null, now: Date) {
  const settled: Message = { ...row, deliveryStatus: status, deliveredAt, receiptKeys: [], updatedAt: now };
  return statusEvent(settled, status === 'delivered' ? 'sms.delivered' : 'sms.undelivered', now);
}
