import { randomInt } from 'node:crypto';
import {
  normalizePhone,
  type Clock,
  type Logger,
  type MessageOutcome,
  type PromiseClient,
  type SealedBox,
  type WritesInProgress,
} from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import type { PartOutcome } from '../carrier/carrier.js';
import type { Carriers } from '../carrier/carriers.js';
import { afterFailedSubmit, afterUnfinishedTry, retryDelayMs } from '../domain/delivery.js';
import { submitIdKeys } from '../domain/receipts.js';
import { planSegments } from '../domain/segments.js';
import { classifySubmitStatus, describeSubmitStatus } from '../domain/submit-status.js';
import type { Message } from '../generated/prisma/client.js';
import type { Messages } from '../store/messages.js';
import type { KeptMessages } from '../store/kept-messages.js';
import type { DeliveryReceipts } from '../store/receipts.js';
import { settleOpen } from './delivery-receipts.js';
import { giveMoneyBack, smsMoneyKeys } from './money-back.js';

export interface DeliverDeps {
  messages: Messages;
  receipts: DeliveryReceipts;
  billing: PromiseClient<BillingClient>;
  carriers: Carriers;
  clock: Clock;
  logger: Logger;
  retryBaseMs: number;
  /** Wait after a throttled try (or one no carrier could take): spends no retry. */
  throttleRetryMs: number;
  /** Past this age a message that still waits fails. */
  maxAgeMs: number;
  /** Called after a commit that wrote outbox rows, so the relay publishes them now. */
  onEvent: () => void;
  /** Opens the sealed text of Verify's messages (SMS_BODY_KEY). */
  bodies: SealedBox;
  /** Receipts that come back before the ids they name are stored wait for the write. */
  idWrites: WritesInProgress;
  /** One-part messages just written `sent`, for their receipt to settle as it is stored. */
  kept: KeptMessages;
}

/**
 * The attempt a delivery counts: its number is set when its first try is recorded (with the
 * carrier, before the submit goes out, so a crash mid-submit still counts it); a delivery that
 * tried no carrier counted none.
 */
interface DeliveryAttempt {
  number?: number;
}

/** How one try at one carrier ended. */
type TryEnd =
  | { kind: 'sent' }
  | { kind: 'permanent'; reason: string }
  /** The carrier confirmed it has none of the message: the next carrier may take it. */
  | { kind: 'none_there'; reason: string; throttled: boolean }
  /** Parts of it are (or may be) at the carrier: the message stays there. */
  | { kind: 'partly_there'; reason: string; throttled: boolean }
  /** A concurrent delivery finished the message: nothing was sent. */
  | { kind: 'gone' };

/**
 * One delivery of a claimed message: the carriers of its route, cheapest ready one first; parts
 * a carrier already accepted are never sent again (the missing ones go alone, same reference,
 * same carrier). A permanent refusal fails the message at once; a throttled or carrier-less try
 * waits without spending a retry (until SMS_MAX_AGE_MS); a temporary one spends a retry.
 */
export async function deliverClaimed(deps: DeliverDeps, claimed: Message): Promise<MessageOutcome> {
  const { messages, billing, clock, logger } = deps;
  const { sid } = claimed;
  // The charge is taken when the message is handed to the carrier (spec).
  if (!claimed.holdId) throw new Error(`claimed message ${sid} has no hold`); // the schema forbids it
  await billing.Capture({
    hold_id: claimed.holdId,
    idempotency_key: smsMoneyKeys.capture(sid),
    amount_cents: 0,
    description: `SMS ${sid}`,
  });
  if (claimed.submitStartedAt) {
    const carrier = claimed.carrier ?? 'the carrier';
    const next = afterUnfinishedTry(
      claimed.submitStartedAt,
      clock.now(),
      deps.carriers.get(carrier)?.answerWithinMs ?? 0,
    );
    if (next.kind === 'wait') return { retryAfterMs: next.ms };
    await fail(
      deps,
      claimed,
      `the SMS service stopped while ${carrier} had a submit of this message and its answer was never recorded; not sent again, so the recipient never gets it twice`,
    );
    return 'ack';
  }
  // Verify's text is stored only sealed (the shown body has its code masked).
  const text = claimed.bodySealed ? deps.bodies.open(sid, Buffer.from(claimed.bodySealed, 'base64')) : claimed.body;
  const plan = planSegments(text);
  const row: Message = {
    ...claimed,
    carrierMessageIds:
      claimed.carrierMessageIds.length === plan.parts.length
        ? [...claimed.carrierMessageIds]
        : plan.parts.map(() => ''),
  };
  const routed = deps.carriers.forDestination(row.to, normalizePhone(row.to)?.country);
  const candidates = row.carrier ? [row.carrier, ...routed.filter((c) => c !== row.carrier)] : routed;

  let reason = 'no carrier can take a message to this destination now';
  let throttledOnly = true;
  const attempt: DeliveryAttempt = {};
  for (const name of candidates) {
    const end = await tryCarrier(deps, row, plan, name, attempt);
    if (end.kind === 'gone') return 'ack';
    if (end.kind === 'sent') return 'ack';
    if (end.kind === 'permanent') {
      await fail(deps, { ...row, carrier: name }, end.reason);
      return 'ack';
    }
    reason = end.reason;
    throttledOnly &&= end.throttled;
    if (end.kind === 'partly_there') break;
    await messages.leaveCarrier(sid, clock.now());
    row.carrier = null;
    row.concatReference = null;
  }

  logger.warn({ sid, attempt: attempt.number, reason, throttled: throttledOnly }, 'sms not sent on this try');
  const age = clock.now().getTime() - row.createdAt.getTime();
  if (throttledOnly) {
    // A try that spent no retry gives its count back (no carrier tried: none was counted).
    if (attempt.number !== undefined) await messages.uncountAttempt(sid, clock.now());
    if (age < deps.maxAgeMs) {
      await messages.recordError(sid, reason, clock.now());
      return { retryAfterMs: deps.throttleRetryMs };
    }
    await fail(deps, row, `${reason}; still unsent after the maximum age (SMS_MAX_AGE_MS)`);
    return 'ack';
  }
  // Not throttled only: a carrier was tried, so the attempt was counted.
  const counted = attempt.number ?? row.attempts;
  if (afterFailedSubmit(counted) === 'retry') {
    await messages.recordError(sid, reason, clock.now());
    return { retryAfterMs: retryDelayMs(deps.retryBaseMs, counted) };
  }
  await fail(deps, row, reason);
  return 'ack';
}

async function tryCarrier(
  deps: DeliverDeps,
  row: Message,
  plan: ReturnType<typeof planSegments>,
  name: string,
  attempt: DeliveryAttempt,
): Promise<TryEnd> {
  const { messages, clock } = deps;
  const carrier = deps.carriers.get(name);
  if (!carrier) return { kind: 'none_there', reason: `carrier ${name} is not configured`, throttled: true };
  const total = plan.parts.length;
  const reference = row.carrier === name && row.concatReference !== null ? row.concatReference : randomInt(256);
  const attempts = await messages.recordTry(row.sid, name, reference, clock.now(), attempt.number === undefined);
  if (attempts === undefined) return { kind: 'gone' };
  attempt.number = attempts;
  row.attempts = attempts;
  row.carrier = name;
  row.concatReference = reference;

  const missing = plan.parts
    .map((text, index) => ({ sequence: index + 1, text }))
    .filter(({ sequence }) => row.carrierMessageIds[sequence - 1] === '');
  const outcomes = await carrier.submit({
    from: row.from,
    to: row.to,
    encoding: plan.encoding,
    reference,
    total,
    parts: missing,
  });
  let accepted = false;
  for (const outcome of outcomes) {
    if (outcome.result === 'accepted') {
      row.carrierMessageIds[outcome.sequence - 1] = outcome.carrierMessageId;
      accepted = true;
    }
  }
  row.receiptKeys = row.carrierMessageIds.flatMap((id) => (id ? submitIdKeys(id).map((key) => `${name}:${key}`) : []));
  const complete = row.carrierMessageIds.every((id) => id !== '');
  // A complete message goes straight to `sent` (which stores its ids): one statement between the
  // carrier's answer and the record of it, the shortest window a crash can fall into.
  if (accepted && !complete) {
    await deps.idWrites.during(
      row.receiptKeys,
      messages.recordParts(row.sid, row.carrierMessageIds, row.receiptKeys, clock.now()),
    );
  }

  if (complete) {
    // Kept within the write receipts wait for, so a receipt that waited finds the copy.
    const writing = messages.markSent(row, row.carrierMessageIds, clock.now()).then((written) => {
      if (written && written.parts.length === 0) deps.kept.sent(written.row);
      return written;
    });
    const sent = await deps.idWrites.during(row.receiptKeys, writing);
    if (!sent) return { kind: 'sent' }; // another delivery wrote it, and settles it
    deps.onEvent();
    // Receipts that raced ahead of the ids came back with the write; final ones settle it now.
    await settleOpen(deps, sent).catch((error: unknown) =>
      deps.logger.warn({ sid: row.sid, err: error }, 'delivery status left to the receipt pass'),
    );
    return { kind: 'sent' };
  }

  const unsent = outcomes.filter((o) => o.result !== 'accepted');
  const permanent = unsent.find((o) => o.result === 'refused' && classifySubmitStatus(o.status) === 'permanent');
  if (permanent) return { kind: 'permanent', reason: describe(name, permanent, total) };
  const throttled = unsent.every(
    (o) => o.result === 'not_sent' || (o.result === 'refused' && classifySubmitStatus(o.status) === 'throttled'),
  );
  const reason = describe(name, unsent[0]!, total);
  const noneThere = row.carrierMessageIds.every((id) => id === '') && outcomes.every((o) => o.result !== 'no_answer');
  return noneThere ? { kind: 'none_there', reason, throttled } : { kind: 'partly_there', reason, throttled };
}

/** `last_error`: which carrier, which part, which status and its class. */
function describe(carrier: string, outcome: PartOutcome, total: number): string {
  const part = total > 1 ? ` part ${outcome.sequence}/${total}` : '';
  if (outcome.result === 'refused') {
    const kind = classifySubmitStatus(outcome.status);
    return `carrier ${carrier} refused${part}: ${describeSubmitStatus(outcome.status)} (${kind})`;
  }
  if (outcome.result === 'accepted') return `carrier ${carrier} accepted${part}`;
  return `${outcome.reason}${part ? ` (${part.trim()})` : ''}`;
}

async function fail(deps: DeliverDeps, row: Message, reason: string): Promise<void> {
  if (await deps.messages.markFailed(row, reason, deps.clock.now())) deps.onEvent();
  await giveMoneyBack(deps, { ...row, status: 'failed' });
}
