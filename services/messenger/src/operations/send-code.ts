import { setTimeout as sleep } from 'node:timers/promises';
import {
  DomainError,
  ensureSameRequest,
  ensureTimeLeft,
  newSid,
  OutcomeUnknown,
  outcomeUnknown,
  timeLeftMs,
  type Replayable,
} from '@otp/platform';
import { providerTtl } from '../domain/expiry.js';
import { checkSendRequest, type SendRequest } from '../domain/send-request.js';
import { ProviderRefusal, ProviderUnavailable } from '../provider/client.js';
import type { Code } from '../store/codes.js';
import type { MessengerDeps } from './deps.js';
import { giveBackFee, holdRequest, refundCode } from './refund.js';
import { learnSendOutcome } from './send-outcome.js';

function providerDown(error: ProviderUnavailable): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', `the messenger provider is unavailable (${error.message})`);
}

/**
 * Sends a code, in the order the provider bills. A direct send holds the flat fee first
 * (`<sid>:hold`; `402 INSUFFICIENT_BALANCE` makes no provider call, since the provider charges the
 * operator for every successful send-ability check), then asks the ability check (a refused
 * number releases the hold: never charged), then captures (the charge, `<sid>:charge`). Verify's
 * send, whose balance Verify's own hold proved, asks the check first and then takes the fee in
 * one call (a hold captured at once, under the same two keys). Then the send itself, with the
 * ability check's request id; a send the provider refuses after the charge is refunded
 * (`<sid>:refund`), so no charge remains. A send the provider did not answer (a timeout, a cut)
 * may have reached the user: it is answered as unknown (OutcomeUnknown, with the sid), never as a
 * refusal; the code stays `sending` with its fee taken until the provider's word (its report, its
 * status on a repeat of the request, or the recovery pass asking it) says what became of it.
 *
 * The row is written before any money moves, with the caller's request key and fingerprint: a
 * repeat of the request gets the code the first one made (never a second provider send), once
 * that send is over, and the recovery pass fails a send a crash left half-way and gives back what it took.
 */
export async function sendCode(
  deps: MessengerDeps,
  input: SendRequest,
  requestKey = '',
  requestHash = '',
): Promise<Replayable<Code>> {
  // A repeated request key is found by the row's insert (one statement for the common case, a
  // first request); only a request refused before it looks for the first request's code, so that
  // a repeat answers what the first one made even after a setting changed.
  let prepared: Awaited<ReturnType<typeof prepareSend>>;
  try {
    prepared = await prepareSend(deps, input);
  } catch (error) {
    const first = requestKey ? await deps.codes.byRequestKey(input.projectId, requestKey) : undefined;
    if (first) return repeatedSend(deps, first, requestHash);
    throw error;
  }
  const { settings, request } = prepared;

  const sid = newSid('TG');
  const now = deps.clock.now();
  const ttlSeconds = request.ttlSeconds ?? settings.ttlSeconds;
  // Verify sends its own webhooks; only direct sends fall back to the channel's default callback.
  const callbackUrl = request.callback ?? (request.purpose === 'direct' ? settings.callbackUrl : null);
  const created = await deps.codes.createSending({
    sid,
    projectId: request.projectId,
    requestKey: requestKey || null,
    requestHash: requestHash || null,
    to: request.to,
    purpose: request.purpose,
    ownCode: request.code !== undefined,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    metadata: request.metadata,
    callbackUrl,
    now,
  });
  if (!created) {
    // A repeat of this request (or a concurrent twin) wrote its row first: that one is the code.
    const first = await deps.codes.byRequestKey(request.projectId, requestKey);
    if (!first) throw new DomainError('SERVICE_UNAVAILABLE', 'the code of this request key changed meanwhile; retry');
    return repeatedSend(deps, first, requestHash);
  }

  const fee = await deps.messengerFee();
  // A direct send holds its fee before the ability check: that check costs the operator, so a
  // project that cannot pay never gets one. Verify's send needs no hold of its own: Verify held
  // fee + first send moments ago (402 before any send), so its fee is taken in one call after the
  // check, a hold captured at once (one round trip to Billing and one statement instead of two).
  let holdId: string | null = null;
  if (request.purpose === 'direct') {
    try {
      ensureTimeLeft('the hold');
      holdId = (await deps.billing.Hold(holdRequest(created, fee))).hold_id;
    } catch (error) {
      if (!outcomeUnknown(error)) {
        // Billing answered with a refusal: nothing was held, and the provider was never asked.
        await deps.codes.discardUncharged(sid);
      } else {
        // Billing did not answer (a timeout may hide a hold): the give-back replays its key.
        await deps.codes.discardSend(sid, 'the hold could not be confirmed', deps.clock.now());
      }
      throw error;
    }
  }

  let requestId: string;
  try {
    ensureTimeLeft('the send-ability check');
    requestId = (await deps.provider.checkSendAbility(request.to)).request_id;
  } catch (error) {
    if (error instanceof ProviderRefusal)
      return { value: await refused(deps, created, holdId, error.reason), replayed: false };
    // Unreachable, or too late to ask: nothing went out; the hold (if one was taken) goes back.
    const reason = error instanceof Error ? error.message : String(error);
    if (holdId === null) await deps.codes.discardUncharged(sid);
    else await giveBack(deps, await deps.codes.discardSend(sid, reason, deps.clock.now(), { holdId }));
    if (error instanceof ProviderUnavailable) throw providerDown(error);
    throw error;
  }

  holdId = await takeFee(deps, created, fee, holdId);
  // Recorded only while the code is still `sending`: a send that stalled past RECOVERY_AFTER_MS
  // was failed (and given back) by the recovery pass meanwhile, and must not go out now. What
  // this call took is given back by that code's refund (due, or done already by key).
  const charged = await deps.codes.markCharged(created, fee, { holdId, requestId }, deps.clock.now());
  if (!charged) {
    const taken = await deps.codes.find(created.projectId, sid);
    if (taken?.refund === 'due') await refundCode(deps, taken);
    deps.logger.warn({ sid }, 'send not made: the recovery pass failed the code while its charge was taken');
    return { value: (await deps.codes.find(created.projectId, sid)) ?? created, replayed: false };
  }

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
        await giveBack(deps, await deps.codes.discardSend(sid, error.message, deps.clock.now()));
      }
      throw error;
    }
    if (error instanceof ProviderUnavailable) {
      // No answer is not a refusal: the message may be with the user. Nothing is undone or given
      // back; the caller is told the outcome is unknown, and a repeat answers it once known.
      await deps.codes.markSendUnknown(sid, deps.clock.now());
      deps.logger.warn({ sid, err: error }, 'provider did not answer the send; its outcome is unknown');
      throw new OutcomeUnknown(`the messenger provider did not answer the send of ${sid} (${error.message})`, sid);
    }
    await giveBack(deps, await deps.codes.discardSend(sid, error.message, deps.clock.now()));
    throw new DomainError('MESSENGER_REJECTED', `the messenger refused the code (${error.reason})`);
  }
  return { value: await deps.codes.markSent(charged, deps.clock.now()), replayed: false };
}

/** A repeated request key: the same request (else IDEMPOTENCY_KEY_REUSED) gets the first one's code. */
async function repeatedSend(deps: MessengerDeps, first: Code, requestHash: string): Promise<Replayable<Code>> {
  ensureSameRequest(first.requestHash, requestHash);
  return { value: await finishedSend(deps, first), replayed: true };
}

/** The project's messenger settings and the checked request: what a send is decided on. */
async function prepareSend(deps: MessengerDeps, input: SendRequest) {
  const settings = await deps.settings.forSend(input.projectId);
  // Verify sends even when direct messenger sends are turned off (as the spec says for SMS).
  if (input.purpose === 'direct' && !settings.enabled) {
    throw new DomainError('CHANNEL_DISABLED', 'the messenger channel is turned off for this project');
  }
  return { settings, request: checkSendRequest(input, deps.rules.minTtlSeconds) };
}

/**
 * The charge of a code whose number the provider can reach (`<sid>:charge`): the capture of the
 * hold a direct send took, or for Verify's send a hold captured in the same call. Answers the
 * hold's id. A failure discards the send and gives back what it may have taken, then throws.
 */
async function takeFee(deps: MessengerDeps, created: Code, fee: number, heldId: string | null): Promise<string> {
  const charge = { idempotency_key: `${created.sid}:charge`, description: 'messenger code' };
  let holdId = heldId;
  try {
    ensureTimeLeft('the charge');
    if (holdId === null) {
      const hold = await deps.billing.Hold({
        ...holdRequest(created, fee),
        capture_cents: fee,
        capture_idempotency_key: charge.idempotency_key,
        capture_description: charge.description,
      });
      holdId = hold.hold_id;
      // A Billing from before capture_cents only holds: the capture is a call of its own.
      if (hold.status === 'captured') return holdId;
    }
    await deps.billing.Capture({ hold_id: holdId, amount_cents: 0, ...charge });
    return holdId;
  } catch (error) {
    if (heldId === null && holdId === null && !outcomeUnknown(error)) {
      // Billing refused the one call (402): nothing moved.
      await deps.codes.discardUncharged(created.sid);
      throw error;
    }
    // Not sent: the hold goes back, or (a capture whose answer was lost) the charge. A lost
    // answer to the one call leaves the hold's id unknown: the give-back replays the hold's key,
    // which finds the hold (released if only held, refunded if captured) or takes and releases one.
    const capturedMaybe = outcomeUnknown(error) && holdId !== null;
    await giveBack(
      deps,
      await deps.codes.discardSend(created.sid, 'the charge could not be confirmed', deps.clock.now(), {
        holdId,
        costCents: capturedMaybe ? fee : 0,
      }),
    );
    throw error;
  }
}

// How often a repeated request looks at a send still running, and how long it waits at most when
// its caller set no deadline (the recovery pass fails a send left `sending` far later than this).
const IN_FLIGHT_POLL_MS = 50;
const IN_FLIGHT_WAIT_MS = 10_000;

/**
 * The answer to a repeated request key: the first request's code once its send is over. A code
 * still `sending` is not an answer: its cost is not known yet (0 until charged) and it may still
 * fail, so a caller recording it would keep a wrong cost forever. The repeat waits for the first
 * request (on this process or another replica) within its caller's deadline; if that one is
 * still running then (or crashed mid-send, until the recovery pass fails it), the answer is
 * IDEMPOTENCY_KEY_IN_USE: nothing was decided yet, retry later. A send whose provider answer was
 * lost is over but its outcome unknown: the provider is asked, and until it knows the message
 * the answer is OutcomeUnknown again.
 */
async function finishedSend(deps: MessengerDeps, first: Code): Promise<Code> {
  const giveUpAt = Date.now() + Math.min(timeLeftMs() - IN_FLIGHT_POLL_MS, IN_FLIGHT_WAIT_MS);
  let code: Code | undefined = first;
  while (code?.status === 'sending') {
    if (code.sendUnknown) {
      code = await learnSendOutcome(deps, code);
      if (code.status !== 'sending') break;
      throw new OutcomeUnknown(`the outcome of the send of ${code.sid} is not known yet; retry later`, code.sid);
    }
    if (Date.now() + IN_FLIGHT_POLL_MS > giveUpAt) {
      throw new DomainError('IDEMPOTENCY_KEY_IN_USE', `the send of code ${first.sid} is still running; retry later`);
    }
    await sleep(IN_FLIGHT_POLL_MS);
    code = await deps.codes.find(first.projectId, first.sid);
  }
  if (!code) throw new DomainError('SERVICE_UNAVAILABLE', 'the code of this request key changed meanwhile; retry');
  return code;
}

/** Gives back what a discarded send took (a failure leaves it due: the timer retries). */
async function giveBack(deps: MessengerDeps, discarded: Code | undefined): Promise<void> {
  if (discarded) await refundCode(deps, discarded);
}

/**
 * The provider cannot reach the number (no account): the hold goes back and nothing is charged.
 * A direct send leaves no trace (`422 MESSENGER_REJECTED`, no sid); Verify's send stays as a
 * `failed` record, the first attempt its verification lists (spec: the fallback appends a second).
 */
async function refused(deps: MessengerDeps, created: Code, holdId: string | null, reason: string): Promise<Code> {
  // Verify's send took nothing before the check: nothing to release.
  let released = holdId === null;
  try {
    if (holdId !== null) {
      await giveBackFee(deps, { ...created, holdId });
      released = true;
    }
  } catch (error) {
    deps.logger.warn({ sid: created.sid, err: error }, 'hold of a refused send not released yet; the timer retries');
  }
  const lastError = `the messenger refused the number (${reason})`;
  if (created.purpose === 'verify') {
    return deps.codes.refuse(created, lastError, deps.clock.now(), { holdId, released });
  }
  if (released) await deps.codes.discardUncharged(created.sid);
  else await deps.codes.discardSend(created.sid, lastError, deps.clock.now(), { holdId });
  throw new DomainError('MESSENGER_REJECTED', lastError);
}
