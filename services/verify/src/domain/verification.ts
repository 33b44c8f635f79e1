import { deliveryOf, supersedes, type AttemptChannel } from './attempt-status.js';
import { fallbackEnabled, type VerifySettings } from './settings.js';

// The verification state machine of the spec's state table, as pure decisions: each function
// takes the current state and the time (from the caller's Clock) and says what happens next.
// The store applies a decision inside one transaction that holds the row, so two callers can
// never both act on the same state.

export type VerificationStatus = 'pending' | 'approved' | 'expired' | 'failed';
export type FinalStatus = Exclude<VerificationStatus, 'pending'>;
export type FallbackReason = 'messenger_failed' | 'timeout';

export interface AttemptState {
  sid: string;
  channel: AttemptChannel;
  status: string;
  costCents: number;
}

export interface VerificationState {
  status: VerificationStatus;
  channel: AttemptChannel;
  fallbackReason: FallbackReason | null;
  checksLeft: number;
  expiresAt: Date;
  /** When the timeout fallback is due; null once no fallback can happen any more. */
  fallbackDueAt: Date | null;
  switchOnFailure: boolean;
  /** Some channel reached the user at some point. */
  delivered: boolean;
  attempts: AttemptState[];
}

export const LAST_ERROR = {
  tooManyWrongCodes: 'too many wrong codes',
  notSent: 'the code could not be sent on any channel',
} as const;

export type Finish = { status: FinalStatus; lastError?: string; approvedAt?: Date; checksLeft?: number };

export type Step = { kind: 'none' } | { kind: 'finish'; finish: Finish } | { kind: 'fallback'; reason: FallbackReason };

/** The fields a new verification starts with (row "(none) -> pending"). */
export function initialState(
  settings: VerifySettings,
  now: Date,
  scale = 1,
): {
  status: 'pending';
  channel: AttemptChannel;
  checksLeft: number;
  expiresAt: Date;
  fallbackDueAt: Date | null;
} {
  const ms = (seconds: number) => Math.round((seconds * 1000) / scale);
  return {
    status: 'pending',
    channel: settings.channel,
    checksLeft: settings.maxWrongCodes,
    expiresAt: new Date(now.getTime() + ms(settings.expiryMinutes * 60)),
    fallbackDueAt: fallbackEnabled(settings) ? new Date(now.getTime() + ms(settings.fallbackWaitSeconds)) : null,
  };
}

function fallbackStillPossible(state: VerificationState): boolean {
  return state.fallbackReason === null && state.fallbackDueAt !== null && !state.delivered;
}

function messengerCannotDeliver(state: VerificationState): boolean {
  // A number the messenger refused is a `failed` attempt; a send refused otherwise (after the
  // charge, channel off) leaves none: both are "cannot deliver".
  return state.attempts
    .filter((a) => a.channel === 'messenger')
    .every((a) => deliveryOf('messenger', a.status) === 'undelivered');
}

function anyAttemptMayStillDeliver(state: VerificationState): boolean {
  return state.attempts.some((a) => deliveryOf(a.channel, a.status) !== 'undelivered');
}

/**
 * What a pending verification does on its own, evaluated on read, by the timer, after a start
 * and after every attempt status change: expire, fall back to SMS (at most once), or fail
 * because no channel could send.
 */
export function advance(state: VerificationState, now: Date): Step {
  if (state.status !== 'pending') return { kind: 'none' };
  if (now.getTime() >= state.expiresAt.getTime()) return { kind: 'finish', finish: { status: 'expired' } };
  if (fallbackStillPossible(state)) {
    // A wait that ran out is the reason, even when the messenger reports a failure since: the
    // timeout fallback itself revokes the code before its SMS (and may have to try the SMS again).
    if (now.getTime() >= state.fallbackDueAt!.getTime()) return { kind: 'fallback', reason: 'timeout' };
    if (state.switchOnFailure && messengerCannotDeliver(state)) return { kind: 'fallback', reason: 'messenger_failed' };
    return { kind: 'none' };
  }
  if (!state.delivered && !anyAttemptMayStillDeliver(state)) {
    return { kind: 'finish', finish: { status: 'failed', lastError: LAST_ERROR.notSent } };
  }
  return { kind: 'none' };
}

export type CheckStep =
  { kind: 'not_pending' } | { kind: 'finish'; valid: boolean; finish: Finish } | { kind: 'wrong'; checksLeft: number };

/** Checking a code (the four check rows of the table, plus expiry evaluated on check). */
export function check(state: VerificationState, codeMatches: boolean, now: Date): CheckStep {
  if (state.status !== 'pending') return { kind: 'not_pending' };
  if (now.getTime() >= state.expiresAt.getTime())
    return { kind: 'finish', valid: false, finish: { status: 'expired' } };
  if (codeMatches) return { kind: 'finish', valid: true, finish: { status: 'approved', approvedAt: now } };
  const checksLeft = state.checksLeft - 1;
  if (checksLeft > 0) return { kind: 'wrong', checksLeft };
  return {
    kind: 'finish',
    valid: false,
    finish: { status: 'failed', lastError: LAST_ERROR.tooManyWrongCodes, checksLeft: 0 },
  };
}

/**
 * A channel reported a status for one attempt. Returns the new state (unchanged when the report
 * is stale or unknown). Delivery ends any chance of a fallback.
 */
export function applyAttemptStatus(state: VerificationState, attemptSid: string, status: string): VerificationState {
  const attempt = state.attempts.find((a) => a.sid === attemptSid);
  if (!attempt || !supersedes(attempt.channel, attempt.status, status)) return state;
  const attempts = state.attempts.map((a) => (a.sid === attemptSid ? { ...a, status } : a));
  const delivered = state.delivered || deliveryOf(attempt.channel, status) === 'delivered';
  return { ...state, attempts, delivered, fallbackDueAt: delivered ? null : state.fallbackDueAt };
}

/**
 * The state after the fallback ran: with the SMS queued, the channel is `sms` and the second
 * attempt is appended; when the SMS could not be queued nothing was re-sent (no reason recorded)
 * but the fallback is used up all the same, so it never runs twice.
 */
export function applyFallback(
  state: VerificationState,
  reason: FallbackReason,
  sms: AttemptState | undefined,
): VerificationState {
  if (!sms) return { ...state, fallbackDueAt: null };
  return { ...state, channel: 'sms', fallbackReason: reason, fallbackDueAt: null, attempts: [...state.attempts, sms] };
}

/** Whether the encrypted code must still be kept: only while the SMS fallback can happen. */
export function keepsCode(state: VerificationState): boolean {
  return state.status === 'pending' && fallbackStillPossible(state);
}
