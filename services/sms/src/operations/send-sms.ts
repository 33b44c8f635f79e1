import type { JetStreamClient } from '@nats-io/jetstream';
import {
  DomainError,
  ensureSameRequest,
  ensureTimeLeft,
  isDomainError,
  newSid,
  outcomeUnknown,
  type Clock,
  type Replayable,
  type SealedBox,
  type Logger,
  type PriceLists,
  type PromiseClient,
} from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import type { Message } from '../generated/prisma/client.js';
import { validateSend, type SendInput } from '../domain/send-request.js';
import { enqueueSms } from '../events/outbound-queue.js';
import type { Messages, SmsMessageView } from '../store/messages.js';
import { messageView } from '../store/messages.js';
import type { SendContexts } from '../store/send-context.js';
import type { SendIntents } from '../store/send-intents.js';
import { giveMoneyBack, holdRequest } from './money-back.js';
import { planSend } from './quote-sms.js';

export interface SendDeps {
  messages: Messages;
  intents: SendIntents;
  sendContexts: SendContexts;
  /** Billing's prices, kept (the quote of every send). */
  prices: PriceLists;
  billing: PromiseClient<BillingClient>;
  js: JetStreamClient;
  clock: Clock;
  logger: Logger;
  queueTimeoutMs: number;
  /** Seals the text of Verify's messages (SMS_BODY_KEY). */
  bodies: SealedBox;
}

/**
 * Sms.Send: check, price, write the intent, hold the money, mark `queued`, put on the work queue.
 * The money is only held here; the worker captures it when the carrier takes the message.
 *
 * The intent (the row, `accepted`) is written before any money moves, so a crash at any point
 * leaves something to finish or undo: a repeated Send with the same request key (and the same
 * fingerprint, `requestHash`) finishes it, and the recovery pass discards what nobody finished and
 * gives its hold back.
 */
export async function sendSms(
  deps: SendDeps,
  projectId: string,
  input: SendInput,
  requestKey: string,
  requestHash = '',
): Promise<Replayable<SmsMessageView>> {
  if (!projectId) throw new DomainError('INVALID_ARGUMENT', 'project_id is required');
  const request = validateSend(input);
  // Verify's text holds a code: it is stored only sealed, and shown masked.
  if (request.purpose === 'verify' && request.maskedBody === undefined) {
    throw new DomainError('INVALID_ARGUMENT', 'masked_body is required for purpose verify');
  }
  // A repeated request key is found by the intent's insert (one statement for the common case,
  // a first request); only a plan that fails looks for the first request's message, so that a
  // repeat answers what the first one made even after a setting or a price changed.
  let plan: Awaited<ReturnType<typeof planSend>>;
  try {
    plan = await planSend(deps, projectId, request);
  } catch (error) {
    const existing = requestKey ? await deps.intents.byRequestKey(projectId, requestKey) : null;
    if (existing) return repeat(deps, existing, requestHash);
    throw error;
  }
  const sid = newSid('SM');
  const intent = await deps.intents.insert({
    sid,
    projectId,
    requestKey: requestKey || null,
    requestHash: requestHash || null,
    purpose: request.purpose,
    to: request.to,
    from: plan.from,
    body: request.maskedBody ?? request.body,
    bodySealed: request.maskedBody === undefined ? null : deps.bodies.seal(sid, request.body).toString('base64'),
    segments: plan.segments.parts.length,
    encoding: plan.segments.encoding,
    priceCents: plan.quote.sms_price_cents,
    costCents: plan.costCents,
    metadata: request.metadata,
    // Verify has its own callback setting; the SMS default is for direct sends only.
    callbackUrl:
      request.callback ?? (request.purpose === 'direct' ? (plan.settings.callbackUrl ?? undefined) : undefined),
    createdAt: deps.clock.now(),
  });
  if (!intent) {
    // A request with the same key (a repeat, or a concurrent twin) wrote its intent first.
    const first = await deps.intents.byRequestKey(projectId, requestKey);
    if (!first)
      throw new DomainError('SERVICE_UNAVAILABLE', 'the message of this request key changed meanwhile; retry');
    return repeat(deps, first, requestHash);
  }
  const { quote } = plan;
  const description = `SMS to ${quote.country}${quote.network ? ` (${quote.network})` : ''}, ${plan.segments.parts.length} segment(s)`;
  return { value: await holdAndQueue(deps, intent, description), replayed: false };
}

/** A repeated request key: the same request (else IDEMPOTENCY_KEY_REUSED) gets what the first made. */
async function repeat(deps: SendDeps, row: Message, requestHash: string): Promise<Replayable<SmsMessageView>> {
  ensureSameRequest(row.requestHash, requestHash);
  return { value: await resume(deps, row), replayed: true };
}

/** Finishes an intent that is still open, or shows what the first request made. */
async function resume(deps: SendDeps, row: Message): Promise<SmsMessageView> {
  if (row.status === 'accepted') return holdAndQueue(deps, row, `SMS ${row.sid}, ${row.segments} segment(s)`);
  // `queued` is an answer only once its publish was confirmed: the first attempt may still be
  // publishing (or died doing so). Publish it here too; the queue drops a repeat (message id = sid).
  if (row.status === 'queued' && row.enqueuedAt === null) return enqueue(deps, row);
  return messageView(row);
}

async function holdAndQueue(deps: SendDeps, intent: Message, description: string): Promise<SmsMessageView> {
  const { sid } = intent;
  let holdId: string;
  try {
    ensureTimeLeft('the hold');
    holdId = (await deps.billing.Hold(holdRequest(intent, description))).hold_id;
  } catch (error) {
    // Refused (or too late to ask): nothing is held and nothing is kept. No answer: the hold may
    // exist; the intent stays `accepted`, and a repeat of the request or the recovery pass settles it.
    if (!outcomeUnknown(error)) await deps.intents.discardRefused(sid, deps.clock.now());
    throw error;
  }

  const queued = await deps.intents.markQueued(sid, holdId, deps.clock.now());
  if (!queued) {
    // A concurrent repeat queued it (show that), or the recovery pass discarded it (it releases the hold).
    const current = await deps.messages.bySid(sid);
    if (current && current.status !== 'discarded' && current.status !== 'accepted') return resume(deps, current);
    if (current?.status === 'discarded') {
      // A repeat of this request that was refused (or came too late) may have discarded the row
      // after this hold was taken, and then nothing owns the hold: release it (the recovery pass
      // releases under the same key, so a discard it made is released once).
      await giveMoneyBack(deps, { ...current, holdId }).catch((releaseError: unknown) =>
        deps.logger.warn({ sid, err: releaseError }, 'hold of an abandoned message not released'),
      );
    }
    throw new DomainError('SERVICE_UNAVAILABLE', `message ${sid} was abandoned before it was queued; send it again`);
  }
  return enqueue(deps, queued);
}

/**
 * Puts a queued message on the work queue and answers it once the queue confirmed. A failed
 * publish makes it enqueue_failed (its hold goes back) unless a publish of it got through after
 * all: the worker took it, or another attempt's publish was confirmed; then it is being sent.
 */
async function enqueue(deps: SendDeps, queued: Message): Promise<SmsMessageView> {
  const { sid } = queued;
  const unqueued = () =>
    new DomainError('QUEUE_UNAVAILABLE', `message ${sid} was saved but could not be queued; send it again`);
  try {
    ensureTimeLeft('the enqueue');
    await enqueueSms(deps.js, sid, deps.queueTimeoutMs);
  } catch (error) {
    deps.logger.error({ sid, err: error }, 'sms.outbound publish failed');
    if (await deps.messages.markEnqueueFailed(queued, 'the outbound queue was unavailable', deps.clock.now())) {
      // The hold is due back (money_due); if Billing does not confirm now, the recovery pass retries.
      await giveMoneyBack(deps, { ...queued, status: 'enqueue_failed' }).catch((releaseError: unknown) =>
        deps.logger.warn({ sid, err: releaseError }, 'hold release of an unqueued message deferred to recovery'),
      );
    } else {
      // Not failed by this attempt: on its way (the answer, not a failure, which would give the
      // hold back and make the caller drop a message that reaches the carrier), or failed by another.
      const current = await deps.messages.bySid(sid);
      if (current && current.status !== 'enqueue_failed') return messageView(current);
    }
    // Past the caller's deadline it is that error; otherwise the queue's.
    if (isDomainError(error)) throw error;
    throw unqueued();
  }
  // Another attempt's failed publish made it enqueue_failed first: the worker drops this one.
  if (!(await deps.messages.markEnqueued(sid, deps.clock.now()))) throw unqueued();
  return messageView(queued);
}
