import { DomainError, type PriceLists, type SmsQuote } from '@otp/platform';
import { planSegments, type SegmentPlan } from '../domain/segments.js';
import { validateSend, type ValidSend } from '../domain/send-request.js';
import type { SendContexts } from '../store/send-context.js';
import type { SmsSettingsValue } from '../domain/settings.js';

export interface PlanDeps {
  sendContexts: SendContexts;
  prices: PriceLists;
}

/** What a send of a text would be: its sender, its segments, its price. */
export interface SendPlan {
  settings: SmsSettingsValue;
  /** The approved sender ID, in its registered casing. */
  from: string;
  segments: SegmentPlan;
  quote: SmsQuote;
  costCents: number;
}

/**
 * The rules every send passes before anything is written: channel switch (Verify's codes go out
 * even when direct SMS is off), sender ID, segments (planSegments, the one rule) and the price of
 * the destination. Send applies it, and Quote answers it, so a caller sizing a hold (Verify) holds
 * exactly what the send will cost.
 */
export async function planSend(
  deps: PlanDeps,
  projectId: string,
  request: Pick<ValidSend, 'to' | 'country' | 'body' | 'from' | 'purpose'>,
): Promise<SendPlan> {
  // The price is asked for at once but read after the sender checks, so their errors come first.
  const quoting = deps.prices.quote({ e164: request.to, country: request.country });
  quoting.catch(() => undefined);
  const { settings, sender } = await deps.sendContexts.read(projectId, request.from);
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
  const segments = planSegments(request.body);
  const quote = await quoting;
  return { settings, from: sender.value, segments, quote, costCents: quote.sms_price_cents * segments.parts.length };
}

/** Sms.Quote: the plan of a send, nothing written, nothing held. */
export async function quoteSms(
  deps: PlanDeps,
  projectId: string,
  input: { to: string; body: string; from?: string | undefined; purpose: string },
): Promise<SendPlan> {
  if (!projectId) throw new DomainError('INVALID_ARGUMENT', 'project_id is required');
  return planSend(deps, projectId, validateSend({ ...input, metadata_json: '{}' }));
}
