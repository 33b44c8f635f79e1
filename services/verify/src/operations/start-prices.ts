import { normalizePhone, type SmsQuote } from '@otp/platform';
import { needsSenderId, type VerifySettings } from '../domain/settings.js';
import { renderSmsText } from '../domain/sms-text.js';
import type { FlowDeps } from './deps.js';
import { quoteVerifySms } from './sender-id.js';

/** What a start must know before it holds money: its fees, the first send's price, the SMS sender. */
export interface StartPrices {
  verifyFeeCents: number;
  messengerFeeCents: number;
  /** The first send's price when it is an SMS (what the send will hold); 0 otherwise. */
  smsCents: number;
  /** The approved sender Verify's SMS goes out with (registered casing); null when no SMS may be sent. */
  smsFrom: string | null;
}

/**
 * A start's prices, decided by their owners. On the SMS channel the SMS service quotes the first
 * send (its sender ID check, segments and price: the hold is exactly what the send then costs).
 * On the messenger channel an SMS is only a fallback, and what a start must prove of it is that
 * an approved sender exists (SENDER_ID_REQUIRED) and that the destination is priced
 * (DESTINATION_NOT_PRICED): the sender is the SMS service's answer, kept a second per project and
 * verify sender setting (`smsSenders`), and the price and fees come from Billing's rate card as
 * this process keeps it (`prices`, checked by version every second). So a messenger start asks
 * neither Sms.Quote nor Billing.Quote while both are fresh.
 */
export async function startPrices(
  deps: FlowDeps,
  projectId: string,
  to: string,
  settings: VerifySettings,
  code: string,
): Promise<StartPrices> {
  const smsQuote = () =>
    quoteVerifySms(deps.peers, {
      projectId,
      to,
      body: renderSmsText(settings.smsText, code),
      senderId: settings.senderId,
    });
  if (settings.channel === 'sms') {
    const sms = await smsQuote();
    const fees = sms.fees_included ? sms : await billingQuote(deps, to);
    return {
      verifyFeeCents: fees.verify_fee_cents,
      messengerFeeCents: fees.messenger_fee_cents,
      smsCents: sms.cost_cents,
      smsFrom: sms.from,
    };
  }
  // The sender first: a start with neither a sender nor a price is refused for the sender, as the
  // SMS service's quote (sender checks before the price) refuses it.
  const smsFrom = needsSenderId(settings)
    ? await deps.smsSenders.get(`${projectId}\u0000${settings.senderId ?? ''}`, async () => (await smsQuote()).from)
    : null;
  const quote = await billingQuote(deps, to);
  return { verifyFeeCents: quote.verify_fee_cents, messengerFeeCents: quote.messenger_fee_cents, smsCents: 0, smsFrom };
}

/** Billing's quote of `to`, from the kept rate card (Billing itself for a number that does not parse). */
function billingQuote(deps: FlowDeps, to: string): Promise<SmsQuote> {
  const phone = normalizePhone(to);
  return phone ? deps.prices.quote(phone) : deps.peers.billing.Quote({ to });
}
