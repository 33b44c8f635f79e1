import type { JetStreamClient } from '@nats-io/jetstream';
import { DomainError, holdOrUndo, newSid, type Clock, type Logger, type PromiseClient } from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import { planSegments } from '../domain/segments.js';
import { validateSend, type SendInput } from '../domain/send-request.js';
import { enqueueSms } from '../events/outbound-queue.js';
import type { Messages, SmsMessageView } from '../store/messages.js';
import { messageView } from '../store/messages.js';
import type { SendContexts } from '../store/send-context.js';

export interface SendDeps {
  messages: Messages;
  sendContexts: SendContexts;
  billing: PromiseClient<BillingClient>;
  js: JetStreamClient;
  clock: Clock;
  logger: Logger;
  queueTimeoutMs: number;
}

/**
 * Sms.Send: check, price, hold the money, save as `queued`, put on the work queue. The money is
 * only held here; the worker captures it when the carrier takes the message.
 */
export async function sendSms(deps: SendDeps, projectId: string, input: SendInput): Promise<SmsMessageView> {
  if (!projectId) throw new DomainError('INVALID_ARGUMENT', 'project_id is required');
  const request = validateSend(input);
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
  const costCents = quote.sms_price_cents * plan.parts.length;
  const sid = newSid('SM');
  const releaseKey = `${sid}:release`;
  const hold = await holdOrUndo(
    deps.billing,
    {
      project_id: projectId,
      amount_cents: costCents,
      idempotency_key: `${sid}:hold`,
      reference: sid,
      description: `SMS to ${quote.country}${quote.network ? ` (${quote.network})` : ''}, ${plan.parts.length} segment(s)`,
    },
    releaseKey,
    deps.logger,
  );
  const release = () => deps.billing.Release({ hold_id: hold.hold_id, idempotency_key: releaseKey });

  let row;
  try {
    row = await deps.messages.insertQueued({
      sid,
      projectId,
      purpose: request.purpose,
      to: request.to,
      from: sender.value,
      body: request.body,
      segments: plan.parts.length,
      encoding: plan.encoding,
      priceCents: quote.sms_price_cents,
      costCents,
      metadata: request.metadata,
      // Verify has its own callback setting; the SMS default is for direct sends only.
      callbackUrl: request.callback ?? (request.purpose === 'direct' ? (settings.callbackUrl ?? undefined) : undefined),
      holdId: hold.hold_id,
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    await release();
    throw error;
  }

  try {
    await enqueueSms(deps.js, sid, deps.queueTimeoutMs);
  } catch (error) {
    deps.logger.error({ sid, err: error }, 'sms.outbound publish failed');
    await deps.messages.markEnqueueFailed(sid, 'the outbound queue was unavailable', deps.clock.now());
    await release();
    throw new DomainError('QUEUE_UNAVAILABLE', `message ${sid} was saved but could not be queued; send it again`);
  }
  return messageView(row);
}
