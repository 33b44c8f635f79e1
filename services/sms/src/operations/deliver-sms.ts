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
import type { Carrier, PartOutcome } from '../carrier/carrier.js';
import type { Carriers } from '../carrier/carriers.js';
import { afterFailedSubmit, afterUnfinishedTry, retryDelayMs } from '../domain/delivery.js';
import { afterSubmit, carrierIdOf, partState } from '../domain/part-states.js';
import { idKey } from '../domain/receipts.js';
import { planSegments, type SegmentPlan } from '../domain/segments.js';
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
 * The tries of one delivery: its retry is spent with its first try at a carrier (recorded with
 * the carrier, before the submit goes out, so a crash mid-submit still spends it); a delivery that
 * tried no carrier spent none.
 */
interface DeliveryTries {
  retryAttempts?: number;
}

/** How one try at one carrier ended. */
type TryEnd =
  | { kind: 'sent' }
  | { kind: 'permanent'; reason: string }
  /** A part went unanswered a second time: a third copy could reach the handset, so it ends. */
  | { kind: 'twice_unanswered'; reason: string }
  /** The carrier confirmed it has none of the message: the next carrier may take it. */
  | { kind: 'none_there'; reason: string; throttled: boolean; waitMs: number }
  /** None of it was accepted but some went unanswered: the next carrier takes it before any resubmission. */
  | { kind: 'unanswered'; reason: string }
  /** Parts of it are accepted at the carrier: the message stays there. */
  | { kind: 'partly_there'; reason: string; throttled: boolean; waitMs: number }
  /** A concurrent delivery finished the message: nothing was sent. */
  | { kind: 'gone' };

/**
 * One delivery of a claimed message: the carriers of its route, cheapest ready one first; parts a
 * carrier accepted (any 0x00) are never sent again (the missing ones go alone, same reference,
 * same carrier). A part left unanswered may go once more, to the next carrier of the route when
 * none of the message is accepted yet (the unanswered carrier's session is reset meanwhile); a
 * second silence ends the message (domain/part-states.ts). A permanent refusal fails it at once;
 * a throttled or carrier-less try waits without spending a retry (until SMS_MAX_AGE_MS); a
 * temporary one spends a retry. Every path ends: sent, or failed with its money given back.
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
  if (ageOf(deps, claimed) >= deps.maxAgeMs) {
    await fail(
      deps,
      claimed,
      `${claimed.lastError ?? 'not sent'}; still unsent after the maximum age (SMS_MAX_AGE_MS)`,
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
  // Every part accepted already (a crash between their record and `sent`): only the write is missing.
  if (row.carrier && row.carrierMessageIds.every((id) => partState(id) === 'accepted')) {
    await writeSent(deps, row);
    return 'ack';
  }
  const routed = deps.carriers.forDestination(row.to, normalizePhone(row.to)?.country);
  const candidates = row.carrier ? [row.carrier, ...routed.filter((c) => c !== row.carrier)] : routed;

  let reason = 'no carrier can take a message to this destination now';
  let throttledOnly = true;
  let waitMs = deps.throttleRetryMs;
  const waits: number[] = [];
  const tries: DeliveryTries = {};
  for (const name of candidates) {
    const end = await tryCarrier(deps, row, plan, name, tries);
    if (end.kind === 'gone' || end.kind === 'sent') return 'ack';
    if (end.kind === 'permanent' || end.kind === 'twice_unanswered') {
      await fail(deps, { ...row, carrier: name }, end.reason);
      return 'ack';
    }
    reason = end.reason;
    if (end.kind === 'unanswered') throttledOnly = false;
    else {
      throttledOnly &&= end.throttled;
      if (end.throttled) waits.push(end.waitMs);
    }
    if (end.kind === 'partly_there') break;
    await messages.leaveCarrier(sid, clock.now());
    row.carrier = null;
    row.concatReference = null;
  }
  // Throttled everywhere: the soonest any carrier takes this number again.
  if (waits.length > 0) waitMs = Math.max(deps.throttleRetryMs, Math.min(...waits));

  logger.warn({ sid, attempts: row.attempts, reason, throttled: throttledOnly }, 'sms not sent on this try');
  if (throttledOnly) {
    // A delivery that spent no retry gives it back (no carrier tried: none was spent).
    if (tries.retryAttempts !== undefined) await messages.uncountAttempt(sid, clock.now());
    if (ageOf(deps, row) < deps.maxAgeMs) {
      await messages.recordError(sid, reason, clock.now());
      return { retryAfterMs: waitMs };
    }
    await fail(deps, row, `${reason}; still unsent after the maximum age (SMS_MAX_AGE_MS)`);
    return 'ack';
  }
  // Not throttled only: a carrier was tried, so a retry was spent.
  const spent = tries.retryAttempts ?? row.retryAttempts;
  if (afterFailedSubmit(spent) === 'retry') {
    await messages.recordError(sid, reason, clock.now());
    return { retryAfterMs: retryDelayMs(deps.retryBaseMs, spent) };
  }
  await fail(deps, row, reason);
  return 'ack';
}

async function tryCarrier(
  deps: DeliverDeps,
  row: Message,
  plan: SegmentPlan,
  name: string,
  tries: DeliveryTries,
): Promise<TryEnd> {
  const { messages, clock } = deps;
  const carrier = deps.carriers.get(name);
  if (!carrier) return { kind: 'none_there', reason: `carrier ${name} is not configured`, throttled: true, waitMs: 0 };
  const backingOff = carrier.destinationWaitMs(row.to);
  if (backingOff > 0) {
    const reason = `carrier ${name} throttles this number: next try in ${backingOff} ms`;
    const there = row.carrier === name && row.carrierMessageIds.some((id) => partState(id) === 'accepted');
    return { kind: there ? 'partly_there' : 'none_there', reason, throttled: true, waitMs: backingOff };
  }
  const reference = row.carrier === name && row.concatReference !== null ? row.concatReference : randomInt(256);
  const spent = await messages.recordTry(row.sid, name, reference, clock.now(), tries.retryAttempts === undefined);
  if (spent === undefined) return { kind: 'gone' };
  tries.retryAttempts = spent;
  row.retryAttempts = spent;
  row.attempts += 1;
  row.carrier = name;
  row.concatReference = reference;

  const sequences = row.carrierMessageIds.flatMap((id, index) => (partState(id) === 'accepted' ? [] : [index + 1]));
  const outcomes = await carrier.submit({ from: row.from, to: row.to, plan, reference, sequences });
  let changed = false;
  let twice: PartOutcome | undefined;
  for (const outcome of outcomes) {
    const before = row.carrierMessageIds[outcome.sequence - 1]!;
    const after = afterSubmit(before, outcome);
    if (after.twice) twice = outcome;
    changed ||= after.entry !== before;
    row.carrierMessageIds[outcome.sequence - 1] = after.entry;
  }
  row.receiptKeys = receiptKeysOf(carrier, row.carrierMessageIds);
  const total = plan.parts.length;
  if (twice) {
    return {
      kind: 'twice_unanswered',
      reason: `${describe(name, twice, total)}; a second submit without an answer: not sent again, so the recipient never gets more than two copies`,
    };
  }
  if (row.carrierMessageIds.every((id) => partState(id) === 'accepted')) return writeSent(deps, row);
  // The parts' states as they stand (accepted ids, unanswered marks) are kept for the next try.
  if (changed) {
    await deps.idWrites.during(
      row.receiptKeys,
      messages.recordParts(row.sid, row.carrierMessageIds, row.receiptKeys, clock.now()),
    );
  }

  const unsent = outcomes.filter((o) => o.result !== 'accepted');
  const permanent = unsent.find((o) => o.result === 'refused' && classifySubmitStatus(o.status) === 'permanent');
  if (permanent) return { kind: 'permanent', reason: describe(name, permanent, total) };
  const reason = unsent.length > 0 ? describe(name, unsent[0]!, total) : `carrier ${name} took every part`;
  const accepted = row.carrierMessageIds.some((id) => partState(id) === 'accepted');
  if (!accepted && outcomes.some((o) => o.result === 'no_answer')) return { kind: 'unanswered', reason };
  const throttled = unsent.every(
    (o) => o.result === 'not_sent' || (o.result === 'refused' && classifySubmitStatus(o.status) === 'throttled'),
  );
  const waitMs = carrier.destinationWaitMs(row.to);
  return accepted
    ? { kind: 'partly_there', reason, throttled, waitMs }
    : { kind: 'none_there', reason, throttled, waitMs };
}

/** The receipt keys of the parts a carrier accepted with an id, in its declared id format. */
function receiptKeysOf(carrier: Carrier, entries: readonly string[]): string[] {
  return entries.flatMap((entry) => {
    const id = carrierIdOf(entry);
    const key = id === undefined ? undefined : idKey(id, carrier.idFormats.submit);
    return key === undefined ? [] : [`${carrier.name}:${key}`];
  });
}

/**
 * Every part accepted: `sent`, with its ids, in one statement (the shortest window between the
 * carrier's answer and the record of it); receipts that raced ahead of the ids come back with the
 * write, and final ones settle it now.
 */
async function writeSent(deps: DeliverDeps, row: Message): Promise<TryEnd> {
  // Kept within the write receipts wait for, so a receipt that waited finds the copy.
  const writing = deps.messages.markSent(row, row.carrierMessageIds, deps.clock.now()).then((written) => {
    if (written && written.parts.length === 0) deps.kept.sent(written.row);
    return written;
  });
  const sent = await deps.idWrites.during(row.receiptKeys, writing);
  if (!sent) return { kind: 'sent' }; // another delivery wrote it, and settles it
  deps.onEvent();
  await settleOpen(deps, sent).catch((error: unknown) =>
    deps.logger.warn({ sid: row.sid, err: error }, 'delivery status left to the receipt pass'),
  );
  return { kind: 'sent' };
}

function ageOf(deps: DeliverDeps, row: Pick<Message, 'createdAt'>): number {
  return deps.clock.now().getTime() - row.createdAt.getTime();
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

/** Ends the message `failed` with its event, and gives its money back. */
export async function fail(deps: DeliverDeps, row: Message, reason: string): Promise<void> {
  if (await deps.messages.markFailed(row, reason, deps.clock.now())) deps.onEvent();
  await giveMoneyBack(deps, { ...row, status: 'failed' });
}
