import { DomainError, ensureTimeLeft, newSid, outcomeUnknown } from '@otp/platform';
import { providerTtl } from '../domain/expiry.js';
import { checkSendRequest, type SendRequest } from '../domain/send-request.js';
import { ProviderRefusal, ProviderUnavailable } from '../provider/client.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';
import { refundCode } from './refund.js';

function providerDown(error: ProviderUnavailable): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', `the messenger provider is unavailable (${error.message})`);
}

/**
 * Sends a code: send-ability check (a refused number is never charged), the flat fee through
 * Billing (`<sid>:charge`), then the send itself with the ability check's request id. A send the
 * provider refuses after the charge is refunded (`<sid>:refund`), so no charge remains.
 *
 * The row is written before the charge, with the caller's request key: a repeat of the request
 * gets the code the first one made (whatever its state: never a second provider send), and the
 * recovery pass fails and refunds a send a crash left half-way.
 */
export async function sendCode(deps: MessengerDeps, input: SendRequest, requestKey = ''): Promise<Code> {
  if (requestKey) {
    const first = await deps.codes.byRequestKey(input.projectId, requestKey);
    if (first) return first;
  }
  const settings = await deps.settings.get(input.projectId);
  // Verify sends even when direct messenger sends are turned off (as the spec says for SMS).
  if (input.purpose === 'direct' && !settings.enabled) {
    throw new DomainError('CHANNEL_DISABLED', 'the messenger channel is turned off for this project');
  }
  const request = checkSendRequest(input, deps.rules.minTtlSeconds);

  let requestId: string;
  try {
    requestId = (await deps.provider.checkSendAbility(request.to)).request_id;
  } catch (error) {
    if (error instanceof ProviderRefusal)
      throw new DomainError('MESSENGER_REJECTED', `the messenger refused the number (${error.reason})`);
    if (error instanceof ProviderUnavailable) throw providerDown(error);
    throw error;
  }

  const sid = newSid('TG');
  const now = deps.clock.now();
  const ttlSeconds = request.ttlSeconds ?? settings.ttlSeconds;
  // Verify sends its own webhooks; only direct sends fall back to the channel's default callback.
  const callbackUrl = request.callback ?? (request.purpose === 'direct' ? settings.callbackUrl : null);
  const created = await deps.codes.createSending({
    sid,
    projectId: request.projectId,
    requestKey: requestKey || null,
    to: request.to,
    purpose: request.purpose,
    requestId,
    ownCode: request.code !== undefined,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    metadata: request.metadata,
    callbackUrl,
    now,
  });
  if (!created) {
    // A repeat of this request wrote its row between our read and our insert: that one is the code.
    const first = await deps.codes.byRequestKey(request.projectId, requestKey);
    if (!first) throw new DomainError('SERVICE_UNAVAILABLE', 'the code of this request key changed meanwhile; retry');
    return first;
  }

  const fee = await deps.messengerFee();
  try {
    ensureTimeLeft('the charge');
    await deps.billing.Charge({
      project_id: request.projectId,
      amount_cents: fee,
      idempotency_key: `${sid}:charge`,
      reference: sid,
      description: 'messenger code',
    });
  } catch (error) {
    if (!outcomeUnknown(error)) {
      // Billing answered with a refusal: nothing was charged.
      await deps.codes.discardUncharged(sid);
    } else {
      // Billing did not answer (a timeout may hide a charge): record the fee as charged and due
      // back; the refund settles either way.
      await deps.codes.markCharged(created, fee);
      await deps.codes.failSend(sid, 'the charge could not be confirmed', deps.clock.now());
    }
    throw error;
  }
  const charged = await deps.codes.markCharged(created, fee);

  try {
    ensureTimeLeft('the provider send');
    await deps.provider.sendVerificationMessage({
      phone_number: request.to,
      request_id: requestId,
      ...(request.code !== undefined ? { code: request.code } : { code_length: settings.codeLength }),
      callback_url: deps.rules.reportUrl,
      ttl: providerTtl(ttlSeconds),
      payload: sid,
    });
  } catch (error) {
    if (!(error instanceof ProviderRefusal || error instanceof ProviderUnavailable)) {
      if (error instanceof DomainError) {
        // Too late to send (the caller gave up): the charge goes back, nothing went out.
        await deps.codes.failSend(sid, error.message, deps.clock.now());
        const failed = await deps.codes.find(request.projectId, sid);
        if (failed) await refundCode(deps, failed);
      }
      throw error;
    }
    if (error instanceof ProviderUnavailable) {
      // The message may have gone out: take it back before giving the fee back.
      await deps.provider.revokeVerificationMessage(requestId).catch(() => false);
    }
    await deps.codes.failSend(sid, error.message, deps.clock.now());
    const failed = await deps.codes.find(request.projectId, sid);
    if (failed) await refundCode(deps, failed);
    if (error instanceof ProviderUnavailable) throw providerDown(error);
    throw new DomainError('MESSENGER_REJECTED', `the messenger refused the code (${error.reason})`);
  }
  return deps.codes.markSent(charged, deps.clock.now());
}
