import { PeriodicTask, recordSmsReceipt, type Clock, type Logger, type WritesInProgress } from '@otp/platform';
import type { Carrier, CarrierReceipt } from '../carrier/carrier.js';
import {
  deliveredAt,
  deliveryStatusOf,
  idKey,
  messageDeliveryStatus,
  UNMATCHED_RECEIPT_SEARCH_MS,
  type DeliveryStatus,
} from '../domain/receipts.js';
import type { Message } from '../generated/prisma/client.js';
import type { KeptMessages } from '../store/kept-messages.js';
import type { OpenDelivery, PartReceipt } from '../store/message-rows.js';
import type { DeliveryReceipts } from '../store/receipts.js';

export interface ReceiptDeps {
  receipts: DeliveryReceipts;
  clock: Clock;
  logger: Logger;
  /** Called after a commit that wrote outbox rows, so the relay publishes them now. */
  onEvent: () => void;
}

/** What a receipt coming in from a carrier needs besides. */
export interface IncomingReceiptDeps extends ReceiptDeps {
  /** The worker's writes of carrier ids in progress: a receipt for one of them waits for it. */
  idWrites: WritesInProgress;
  /** One-part messages the worker just wrote `sent`: their receipt settles them as it is stored. */
  kept: KeptMessages;
}

/**
 * A receipt from `carrier`: its id read in the carrier's declared format, stored, matched to its
 * part, and the message's delivery status settled when final. A receipt whose id is not in that
 * format, or that several messages' ids match (a carrier reusing ids), changes nothing: it is
 * counted (sms_receipts_total) and logged.
 */
export async function recordReceipt(
  deps: IncomingReceiptDeps,
  carrier: Pick<Carrier, 'name' | 'idFormats'>,
  receipt: CarrierReceipt,
): Promise<void> {
  const format = receipt.idFrom === 'tlv' ? carrier.idFormats.submit : carrier.idFormats.receiptText;
  const key = idKey(receipt.carrierMessageId, format);
  if (key === undefined) {
    recordSmsReceipt(carrier.name, 'unreadable');
    deps.logger.warn(
      { carrier: carrier.name, carrier_message_id: receipt.carrierMessageId, id_format: format, from: receipt.idFrom },
      'receipt ignored: its id is not in the carrier id format',
    );
    return;
  }
  const receiptKey = `${carrier.name}:${key}`;
  await deps.idWrites.over(receiptKey);
  const now = deps.clock.now();
  const sent = deps.kept.forReceipt(receiptKey);
  // A one-part message this process just sent: this receipt alone decides its delivery status,
  // so it is settled by the statement that stores the receipt (unless another message holds the
  // same key: the usual path then finds the receipt ambiguous). A receipt that decides nothing
  // yet (an intermediate state) is stored as any other.
  const settling =
    sent && deliveryOf(sent, [{ state: receipt.state, doneAt: receipt.doneAt ?? null, receivedAt: now }]);
  if (sent && settling) {
    const outcome = await deps.receipts.recordSettling(carrier.name, key, receipt, { row: sent, ...settling }, now);
    if (outcome !== 'ambiguous') {
      deps.kept.settled(sent);
      recordSmsReceipt(carrier.name, 'matched');
      if (outcome === 'settled') deps.onEvent();
      return;
    }
  }
  const recorded = await deps.receipts.record(carrier.name, key, receipt, now);
  if (recorded.owners > 1) {
    recordSmsReceipt(carrier.name, 'ambiguous');
    deps.logger.warn(
      { carrier: carrier.name, carrier_message_id: receipt.carrierMessageId, messages: recorded.owners },
      'receipt ignored: ambiguous, several messages hold its id',
    );
    return;
  }
  recordSmsReceipt(carrier.name, recorded.owners === 1 ? 'matched' : 'waiting');
  if (recorded.open) await settleOpen(deps, recorded.open);
}

/** The delivery status the receipts of a message's parts decide, with when it was delivered; none yet. */
function deliveryOf(
  row: Pick<Message, 'segments' | 'processedAt' | 'createdAt'>,
  parts: Pick<PartReceipt, 'state' | 'doneAt' | 'receivedAt'>[],
): { status: DeliveryStatus; deliveredAt: Date | null } | undefined {
  const statuses = parts.map((p) => deliveryStatusOf(p.state)).filter((s): s is DeliveryStatus => s !== undefined);
  const status = messageDeliveryStatus(statuses, row.segments);
  if (!status) return undefined;
  return {
    status,
    deliveredAt: status === 'delivered' ? deliveredAt(parts, row.processedAt ?? row.createdAt) : null,
  };
}

/** The message's delivery status from its parts' receipts, written (with its event) once it is final. */
export async function settleDelivery(deps: ReceiptDeps, sid: string): Promise<void> {
  const row = await deps.receipts.message(sid);
  if (!row || row.status !== 'sent' || row.deliveryStatus) return;
  await settleOpen(deps, { row, parts: await deps.receipts.ofMessage(sid) });
}

/**
 * A sent message with an open delivery status and the receipts of its parts: settled when they
 * say it is final (the first final answer stands: the write is conditional).
 */
export async function settleOpen(deps: ReceiptDeps, { row, parts }: OpenDelivery): Promise<void> {
  const delivery = deliveryOf(row, parts);
  if (!delivery) return;
  if (await deps.receipts.settle(row, delivery.status, delivery.deliveredAt, deps.clock.now())) deps.onEvent();
}

/**
 * A receipt often comes before the worker has stored the ids of the submit it is about (the
 * carrier answers the submit and sends the receipt at once). On the replica that sent it, the
 * receipt waits for that write (WritesInProgress); one that reaches another replica (a carrier may send
 * receipts on any bind), or that comes back while the write's process crashes, is stored
 * unmatched. This pass matches such receipts and settles their messages, every
 * SMS_RECEIPT_PASS_MS.
 */
export class ReceiptMatching {
  private readonly task: PeriodicTask;

  constructor(
    private readonly deps: ReceiptDeps,
    intervalMs: number,
  ) {
    this.task = new PeriodicTask({ name: 'sms receipts', intervalMs, logger: deps.logger, pass: () => this.pass() });
  }

  start(): void {
    this.task.start({ passNow: true });
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  async pass(): Promise<void> {
    const since = new Date(this.deps.clock.now().getTime() - UNMATCHED_RECEIPT_SEARCH_MS);
    for (const sid of await this.deps.receipts.matchWaiting(100, since)) {
      if (this.task.stopping) return;
      await settleDelivery(this.deps, sid);
    }
  }
}
