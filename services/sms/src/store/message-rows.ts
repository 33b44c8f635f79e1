import type { Message } from '../generated/prisma/client.js';
import type { Prisma } from '../generated/prisma/client.js';

// The mapping of a raw `messages` row, shared by the stores that read it with raw statements.

/** A `messages` row as raw SQL returns it. */
export interface MessageRecord {
  sid: string;
  project_id: string;
  status: string;
  purpose: string;
  to: string;
  from: string;
  body: string;
  body_sealed: string | null;
  segments: number;
  encoding: string;
  price_cents: number;
  cost_cents: number;
  metadata: Prisma.JsonValue;
  callback_url: string | null;
  hold_id: string | null;
  request_key: string | null;
  request_hash: string | null;
  money_due: boolean;
  claimed_seq: string | number | bigint | null;
  enqueued_at: Date | null;
  attempts: number;
  retry_attempts: number;
  carrier_message_ids: string[];
  carrier: string | null;
  concat_reference: number | null;
  submit_started_at: Date | null;
  receipt_keys: string[];
  delivery_status: string | null;
  delivered_at: Date | null;
  last_error: string | null;
  created_at: Date;
  processed_at: Date | null;
  updated_at: Date;
}

export function fromRecord(record: MessageRecord): Message {
  return {
    sid: record.sid,
    projectId: record.project_id,
    status: record.status,
    purpose: record.purpose,
    to: record.to,
    from: record.from,
    body: record.body,
    bodySealed: record.body_sealed,
    segments: record.segments,
    encoding: record.encoding,
    priceCents: record.price_cents,
    costCents: record.cost_cents,
    metadata: record.metadata,
    callbackUrl: record.callback_url,
    holdId: record.hold_id,
    requestKey: record.request_key,
    requestHash: record.request_hash,
    moneyDue: record.money_due,
    claimedSeq: record.claimed_seq === null ? null : BigInt(record.claimed_seq),
    enqueuedAt: record.enqueued_at ? new Date(record.enqueued_at) : null,
    attempts: record.attempts,
    retryAttempts: record.retry_attempts,
    carrierMessageIds: record.carrier_message_ids,
    carrier: record.carrier,
    concatReference: record.concat_reference,
    submitStartedAt: record.submit_started_at ? new Date(record.submit_started_at) : null,
    receiptKeys: record.receipt_keys,
    deliveryStatus: record.delivery_status,
    deliveredAt: record.delivered_at ? new Date(record.delivered_at) : null,
    lastError: record.last_error,
    createdAt: new Date(record.created_at),
    processedAt: record.processed_at ? new Date(record.processed_at) : null,
    updatedAt: new Date(record.updated_at),
  };
}

/** A stored receipt of one part of a message. */
export interface PartReceipt {
  state: string;
  doneAt: Date | null;
  receivedAt: Date;
}

/** A `delivery_receipts` row as raw SQL (or its json_agg) returns it. */
export interface ReceiptRecord {
  state: string;
  done_at: Date | string | null;
  received_at: Date | string;
}

export function partReceipt(record: ReceiptRecord): PartReceipt {
  return {
    state: record.state,
    doneAt: record.done_at ? new Date(record.done_at) : null,
    receivedAt: new Date(record.received_at),
  };
}

/** A sent message whose delivery status is still open, with the receipts of its parts so far. */
export interface OpenDelivery {
  row: Message;
  parts: PartReceipt[];
}
