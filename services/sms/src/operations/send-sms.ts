import type { JetStreamClient } from '@nats-io/jetstream';
import {
  DomainError,
  ensureTimeLeft,
  isDomainError,
  newSid,
  outcomeUnknown,
  type Clock,
  type Logger,
  type PromiseClient,
} from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import type { Message } from '../generated/prisma/client.js';
import { planSegments } from '../domain/segments.js';
import { validateSend, type SendInput } from '../domain/send-request.js';
import { enqueueSms } from '../events/outbound-queue.js';
import type { Messages, SmsMessageView } from '../store/messages.js';
import { messageView } from '../store/messages.js';
import type { SendContexts } from '../store/send-context.js';
import type { SendIntents } from '../store/send-intents.js';
import { giveMoneyBack, holdRequest } from './money-back.js';

export interface SendDeps {
  messages: Messages;
  intents: SendIntents;
  sendContexts: SendContexts;
  billing: PromiseClient<BillingClient>;
  js: JetStreamClient;
  clock: Clock;
  logger: Logger;
  queueTimeoutMs: number;
}

/**
 * Sms.Send: check, price, write the intent, hold the money, mark `queued`, put on the work queue.
 * The money is only held here; the worker captures it when the carrier takes the message.
 *
 * The intent (the row, `accepted`) is written before any money moves, so a crash at any point
 * leaves something to finish or undo: a repeated Send with the same request key finishes it, and
 * the recovery pass discards what nobody finished and gives its hold back.
 */
export async function sendSms(
  deps: SendDeps,
  projectId: string,
  input: SendInput,
  requestKey: string,
): Promise<SmsMessageView> {
  if (!projectId) throw new DomainError('INVALID_ARGUMENT', 'project_id is required');
  const request = validateSend(input);
  if (requestKey) {
    const existing = await deps.intents.byRequestKey(projectId, requestKey);
    if (existing) return resume(deps, existing);
  }
  // The price is asked for at once but read after the sender checks, so their errors come first.
  const quoting = deps.billing.Quote({ to: request.to });
  quoting.catch(() => undefined);
  const { settings, sender } = await deps.sendContexts.read(projectId, request.from);
  // Verify's codes go out even when the project turned direct SMS off (spec).
  if (request.purpose === 'direct' && !settings.enabled) {
    throw new DomainError('CHANNEL_DISABLED', 'the SMS channel is turned off for this project');
  }

  if (!request.from && !settings.defaultSenderId) {
    throw new DomainError('SENDER_ID_REQUIRED', 'no from given and the project has no default sender ID');
  }
  if (!sender || sender.status !== 'approved') {
    throw new DomainError(
      'SENDER_ID_NOT_APPROVED',
      `${request.from ? 'from' : 'the default sender ID'} is not an approved sender ID of this project`,
    );
  }

  const plan = planSegments(request.body);
  const quote = await quoting;
  const intent = await deps.intents.insert({
    sid: newSid('SM'),
    projectId,
    requestKey: requestKey || null,
    purpose: request.purpose,
    to: request.to,
    from: sender.value,
    body: request.body,
    segments: plan.parts.length,
    encoding: plan.encoding,
    priceCents: quote.sms_price_cents,
    costCents: quote.sms_price_cents * plan.parts.length,
    metadata: request.metadata,
    // Verify has its own callback setting; the SMS default is for direct sends only.
    callbackUrl: request.callback ?? (request.purpose === 'direct' ? (settings.callbackUrl ?? undefined) : undefined),
    createdAt: deps.clock.now(),
  });
  if (!intent) {
    // A request with the same key wrote its intent between our read and our insert.
    const first = await deps.intents.byRequestKey(projectId, requestKey);
    if (!first)
      throw new DomainError('SERVICE_UNAVAILABLE', 'the message of this request key changed meanwhile; retry');
    return resume(deps, first);
  }
  const description = `SMS to ${quote.country}${quote.network ? ` (${quote.network})` : ''}, ${plan.parts.length} segment(s)`;
  return holdAndQueue(deps, intent, description);
}

/** A repeated request: finish an intent that is still open, or show what the first one made. */
async function resume(deps: SendDeps, row: Message): Promise<SmsMessageView> {
  if (row.status === 'accepted') return holdAndQueue(deps, row, `SMS ${row.sid}, ${row.segments} segment(s)`);
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
    if (current && current.status !== 'discarded' && current.status !== 'accepted') return messageView(current);
    throw new DomainError('SERVICE_UNAVAILABLE', `message ${sid} was abandoned before it was queued; send it again`);
  }

  try {
    ensureTimeLeft('the enqueue');
    await enqueueSms(deps.js, sid, deps.queueTimeoutMs);
  } catch (error) {
    deps.logger.error({ sid, err: error }, 'sms.outbound publish failed');
    await deps.messages.markEnqueueFailed(queued, 'the outbound queue was unavailable', deps.clock.now());
    // The hold is due back (money_due); if Billing does not confirm now, the recovery pass retries.
    await giveMoneyBack(deps, { ...queued, status: 'enqueue_failed' }).catch((releaseError: unknown) =>
      deps.logger.warn({ sid, err: releaseError }, 'hold release of an unqueued message deferred to recovery'),
    );
    // Past the caller's deadline it is that error; otherwise the queue's.
    if (isDomainError(error)) throw error;
    throw new DomainError('QUEUE_UNAVAILABLE', `message ${sid} was saved but could not be queued; send it again`);
  }
  return messageView(queued);
}
