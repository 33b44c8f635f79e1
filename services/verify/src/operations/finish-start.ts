import { DomainError, ensureTimeLeft, isDomainError, OutcomeUnknown, outcomeUnknown } from '@otp/platform';
import { sendKeys } from '../domain/first-send.js';
import { sendOutcomeUnknown } from '../domain/send-outcome.js';
import { verificationCost } from '../domain/settlement.js';
import { maskedSmsText, renderSmsText } from '../domain/sms-text.js';
import { advance, applyFallback, keepsCode, type VerificationState } from '../domain/verification.js';
import { sendMetadata } from '../events/send-metadata.js';
import type { StartIntent } from '../store/start-intents.js';
import type { AttemptRecord, VerificationRecord } from '../store/verifications.js';
import { advanceVerification } from './advance.js';
import type { FlowDeps } from './deps.js';
import { giveBackStartMoney, takeStartMoney } from './start-money.js';

/**
 * Who is finishing a start intent, which decides what a failure does:
 * - `request`: the Start that wrote it, within its caller's deadline. A refusal undoes the start
 *   (discarded, money given back); a failure of unknown outcome leaves it to the recovery pass.
 * - `repeat`: a Start with the same request key, finishing a start that crashed. Any failure hands
 *   the row to the recovery pass at once (an earlier try may have sent the code).
 * - `recovery`: the recovery pass, no deadline. A refusal undoes the start (a replayed step that is
 *   refused never happened: nothing was held, or no send exists); an unknown outcome is retried.
 */
export type StartFinisher = 'request' | 'repeat' | 'recovery';

// The messenger accepts 30 s to 60 min; a time-scaled test expiry can be shorter than that.
const MESSENGER_MIN_TTL_SECONDS = 30;

/** A refusal of the messenger that the fallback answers (spec: no account, rejected; channel off). */
function messengerRefused(error: unknown): boolean {
  return isDomainError(error) && (error.code === 'MESSENGER_REJECTED' || error.code === 'CHANNEL_DISABLED');
}

/**
 * Rolls a start intent forward: money (hold + fee), the first send(s), then one statement turns it
 * pending. Every step carries a key derived from the sid, so a step an earlier try already took is
 * replayed (the same hold, the same send), never taken twice.
 *
 * The channel's report of the first send often comes before that statement: the messenger
 * publishes `messenger.sent` as it answers the send. The report waits for this start
 * (`startWrites`) and then decides on the copy the statement left, instead of finding no attempt,
 * reading again and being redelivered (0.85 reads a start, with the whole platform running).
 */
export function finishStart(deps: FlowDeps, intent: StartIntent, finisher: StartFinisher): Promise<VerificationRecord> {
  return deps.startWrites.during([intent.sid], rollForward(deps, intent, finisher));
}

async function rollForward(deps: FlowDeps, intent: StartIntent, finisher: StartFinisher): Promise<VerificationRecord> {
  let holdId: string | null = null;
  try {
    await takeStartMoney(deps, intent, (id) => (holdId = id));
  } catch (error) {
    // Only a hold Billing refused is sure to have moved nothing.
    const moneyDue = holdId !== null || outcomeUnknown(error);
    const undo = finisher === 'recovery' && outcomeUnknown(error) ? undefined : { moneyDue, holdId };
    throw await giveUp(deps, intent, finisher, error, undo);
  }

  // A resumed start gets the whole expiry and fallback wait from now, when its code goes out.
  const now = deps.clock.now();
  const shiftMs = finisher === 'request' ? 0 : now.getTime() - intent.createdAt.getTime();
  const shifted = (date: Date) => new Date(date.getTime() + shiftMs);
  let state: VerificationState = {
    status: 'pending',
    channel: intent.channel,
    fallbackReason: null,
    checksLeft: intent.checksLeft,
    expiresAt: shifted(intent.expiresAt),
    fallbackDueAt: intent.fallbackDueAt && shifted(intent.fallbackDueAt),
    switchOnFailure: intent.switchOnFailure,
    delivered: false,
    attempts: [],
  };
  const createdAt = shifted(intent.createdAt);
  try {
    state = await sendFirst(deps, intent, state, createdAt);
  } catch (error) {
    // A send refused by its service never happened: undo. One of unknown outcome (or still
    // running under its request key) may have: the start stays, handed to a retry of the request
    // or the recovery pass to finish (its send replayed by key answers what became of it), and
    // the caller learns the outcome is unknown, with the verification's sid (never a refusal).
    const undo = sendOutcomeUnknown(error) ? undefined : { moneyDue: true, holdId };
    const failure = await giveUp(deps, intent, finisher, error, undo);
    if (undo || !outcomeUnknown(error)) throw failure;
    throw new OutcomeUnknown(
      `the first send of verification ${intent.sid} has no known outcome yet: retry with the same key`,
      intent.sid,
    );
  }

  let record: VerificationRecord | undefined;
  try {
    record = await deps.intents.markPending(intent, {
      channel: state.channel,
      fallbackReason: state.fallbackReason,
      costCents: verificationCost({ feeCents: intent.feeCents, feeRefunded: false, attempts: state.attempts }),
      createdAt,
      expiresAt: state.expiresAt,
      fallbackDueAt: state.fallbackDueAt,
      keepsCode: keepsCode(state),
      attempts: state.attempts as AttemptRecord[],
    });
  } catch (error) {
    throw await giveUp(deps, intent, finisher, error, undefined);
  }
  if (!record) {
    // Someone else finished it meanwhile (the sends above were replays of theirs).
    const current = await deps.store.find(intent.sid);
    if (current) return current;
    throw new DomainError('SERVICE_UNAVAILABLE', `verification ${intent.sid} could not be started`);
  }
  deps.logger.info(
    { sid: record.sid, channel: record.channel, fallback_reason: record.fallbackReason, finisher },
    'verification started',
  );
  // A messenger send refused without a fallback fails the verification now (row "code cannot be sent").
  if (advance(state, deps.clock.now()).kind === 'none') return record;
  return (await advanceVerification(deps, record.sid, record)) ?? record;
}

/** The first send, and the immediate SMS fallback when the messenger refused it. */
async function sendFirst(
  deps: FlowDeps,
  intent: StartIntent,
  initial: VerificationState,
  createdAt: Date,
): Promise<VerificationState> {
  if (!intent.codeSealed) throw new Error(`start intent ${intent.sid} has no sealed code`);
  const code = deps.vault.open(intent.sid, intent.codeSealed);
  const smsBody = {
    body: renderSmsText(intent.smsText, code),
    masked_body: maskedSmsText(intent.smsText, code.length),
  };
  let state = initial;

  if (intent.channel === 'sms') {
    ensureTimeLeft('the SMS');
    state = { ...state, attempts: [await sendSms(deps, intent, smsBody, sendKeys.first(intent.sid))] };
  } else {
    ensureTimeLeft('the messenger send');
    try {
      const ttl = Math.max(
        MESSENGER_MIN_TTL_SECONDS,
        Math.ceil((state.expiresAt.getTime() - createdAt.getTime()) / 1000),
      );
      const message = await deps.peers.messenger.Send({
        project_id: intent.projectId,
        to: intent.to,
        code,
        metadata_json: sendMetadata(intent.sid),
        purpose: 'verify',
        ttl_seconds: ttl,
        request_key: sendKeys.first(intent.sid),
      });
      // A number the messenger cannot reach comes back as a `failed` code costing 0.00: the
      // spec's first attempt, before the SMS the fallback appends.
      const attempt: AttemptRecord = {
        sid: message.sid,
        channel: 'messenger',
        status: message.status,
        costCents: message.cost_cents,
        createdAt: new Date(message.date_created),
      };
      state = { ...state, attempts: [attempt] };
    } catch (error) {
      if (!messengerRefused(error)) throw error;
      deps.logger.info(
        { sid: intent.sid, reason: isDomainError(error) ? error.code : 'unknown' },
        'messenger refused the send',
      );
    }
  }

  // The messenger refused at once: the immediate fallback of the state table happens here, so a
  // start whose every channel refused is undone (503) rather than stored.
  const step = advance(state, createdAt);
  if (step.kind !== 'fallback') return state;
  ensureTimeLeft('the SMS fallback');
  return applyFallback(state, step.reason, await sendSms(deps, intent, smsBody, sendKeys.fallback(intent.sid)));
}

async function sendSms(
  deps: FlowDeps,
  intent: StartIntent,
  text: { body: string; masked_body: string },
  requestKey: string,
): Promise<AttemptRecord> {
  const message = await deps.peers.sms.Send({
    project_id: intent.projectId,
    to: intent.to,
    // The SMS service keeps the body sealed and shows the masked one.
    ...text,
    ...(intent.smsFrom ? { from: intent.smsFrom } : {}),
    metadata_json: sendMetadata(intent.sid),
    purpose: 'verify',
    request_key: requestKey,
  });
  return {
    sid: message.sid,
    channel: 'sms',
    status: message.status,
    costCents: message.cost_cents,
    createdAt: new Date(message.date_created),
  };
}

/**
 * A start that could not finish now. With `undo`, it is discarded and its money given back
 * (retried by the recovery pass until Billing confirms); without, it stays `starting`, handed
 * back at once (unless the pass itself runs it) for a retry of the request or the pass to finish.
 * Returns the error to throw.
 */
async function giveUp(
  deps: FlowDeps,
  intent: StartIntent,
  finisher: StartFinisher,
  error: unknown,
  undo: { moneyDue: boolean; holdId: string | null } | undefined,
): Promise<unknown> {
  const sid = intent.sid;
  try {
    if (undo && finisher !== 'repeat') {
      await discardStart(deps, intent, undo);
    } else if (finisher !== 'recovery') {
      // Not undone: a retry with the same key (or the next recovery pass) may finish it at once.
      await deps.intents.handBack(sid, deps.clock.now());
      deps.logger.warn({ sid, err: error }, 'start interrupted; handed to a retry or the recovery pass');
    } else {
      deps.logger.warn({ sid, err: error }, 'start interrupted; the recovery pass finishes it');
    }
  } catch (cleanupError) {
    deps.logger.error({ sid, err: cleanupError }, 'start not undone; the recovery pass finishes it');
  }
  return error;
}

async function discardStart(
  deps: FlowDeps,
  intent: StartIntent,
  undo: { moneyDue: boolean; holdId: string | null },
): Promise<void> {
  const retryAt = new Date(deps.clock.now().getTime() + deps.recoveryIntervalMs);
  if (!(await deps.intents.discard(intent.sid, { due: undo.moneyDue, holdId: undo.holdId, retryAt }))) return;
  if (!undo.moneyDue) return;
  try {
    await giveBackStartMoney(deps, { ...intent, holdId: undo.holdId ?? intent.holdId });
    await deps.intents.moneyReturned(intent.sid);
  } catch (error) {
    deps.logger.warn({ sid: intent.sid, err: error }, 'start money not given back yet; the recovery pass retries');
  }
}
