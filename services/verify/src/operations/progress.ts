import { isDomainError } from '@otp/platform';
import { supersedes } from '../domain/attempt-status.js';
import { sendKeys } from '../domain/first-send.js';
import { sendOutcomeUnknown } from '../domain/send-outcome.js';
import { messengerAttemptsToSettle, messengerCarriedTheCode, verificationCost } from '../domain/settlement.js';
import { maskedSmsText, renderSmsText } from '../domain/sms-text.js';
import {
  advance,
  applyAttemptStatus,
  applyFallback,
  keepsCode,
  type FallbackReason,
  type Finish,
} from '../domain/verification.js';
import { sendMetadata } from '../events/send-metadata.js';
import { stateOf, type AttemptRecord, type LockedVerification } from '../store/verifications.js';
import type { FlowDeps } from './deps.js';

// Applying the state machine's decisions to a verification that is held (see store.locked).
// Every peer call is preceded by `held.needsLock()`: work that decided on an unlocked read may run
// again, so a peer call (a send, a settle, a refund) only happens in the run that holds the row.

/** Moves a pending verification to its final status; settlement follows after the commit. */
export function finishLocked(deps: FlowDeps, held: LockedVerification, finish: Finish): void {
  held.update({
    status: finish.status,
    finishedAt: deps.clock.now(),
    lastError: finish.lastError ?? null,
    approvedAt: finish.approvedAt ?? null,
    ...(finish.checksLeft !== undefined ? { checksLeft: finish.checksLeft } : {}),
    fallbackDueAt: null,
    codeSealed: null,
  });
}

/**
 * Asks the messenger service to settle the code sends of this verification: it asks the provider
 * first, and refunds a send only when it did not reach the user. An approval the messenger alone
 * can have carried proves it did (`code_used`). Its answer is the owner's word on the send: a
 * code it found delivered counts as delivered here too, whatever the events said so far.
 */
export async function settleMessengerLocked(deps: FlowDeps, held: LockedVerification): Promise<void> {
  const attempts = messengerAttemptsToSettle(held.record.attempts);
  if (attempts.length > 0) held.needsLock();
  const codeUsed = messengerCarriedTheCode(held.record);
  for (const attempt of attempts) {
    const code = await deps.peers.messenger.Settle({
      project_id: held.record.projectId,
      sid: attempt.sid,
      code_used: codeUsed,
    });
    const after = applyAttemptStatus(stateOf(held.record), attempt.sid, code.status);
    held.updateAttempt(attempt.sid, {
      costCents: code.cost_cents,
      ...(supersedes('messenger', attempt.status, code.status) ? { status: code.status } : {}),
    });
    if (after.delivered && !held.record.delivered) {
      held.update({
        delivered: true,
        fallbackDueAt: after.fallbackDueAt,
        ...(keepsCode(after) ? {} : { codeSealed: null }),
      });
    }
  }
}

/**
 * The SMS re-send of the same code (at most once: the caller holds the row and the flag). The
 * messenger send is settled first, on its owner's word (the messenger asks the provider, and
 * revokes and refunds a code that did not arrive): a code it finds delivered needs no SMS, and a
 * timeout fallback whose messenger cannot be asked now waits for it (the work throws, the row
 * keeps its due fallback, the timer tries again), instead of trusting the events verify received
 * so far (a `delivered` event may be late).
 */
async function fallbackLocked(deps: FlowDeps, held: LockedVerification, reason: FallbackReason): Promise<void> {
  held.needsLock();
  try {
    await settleMessengerLocked(deps, held);
  } catch (error) {
    // A messenger that reported the send failed (final) has said all there is: the SMS goes out.
    if (reason === 'timeout') throw error;
    deps.logger.warn(
      { sid: held.record.sid, err: error },
      'messenger settle before fallback failed; retried at finish',
    );
  }
  if (held.record.delivered) {
    deps.logger.info({ sid: held.record.sid, reason }, 'messenger code delivered after all: no SMS fallback');
    held.update({ costCents: verificationCost(held.record) });
    return;
  }
  const record = held.record;
  let sms: AttemptRecord | undefined;
  let asked = false;
  try {
    if (!record.codeSealed) throw new Error('sealed code missing while a fallback was possible');
    const code = deps.vault.open(record.sid, record.codeSealed);
    asked = true;
    const message = await deps.peers.sms.Send({
      project_id: record.projectId,
      to: record.to,
      // The SMS service keeps the body sealed and shows the masked one.
      body: renderSmsText(record.smsText, code),
      masked_body: maskedSmsText(record.smsText, code.length),
      ...(record.smsFrom ? { from: record.smsFrom } : {}),
      metadata_json: sendMetadata(record.sid),
      purpose: 'verify',
      // A fallback whose row change did not commit (a crash) is replayed, not sent again.
      request_key: sendKeys.fallback(record.sid),
    });
    sms = {
      sid: message.sid,
      channel: 'sms',
      status: message.status,
      costCents: message.cost_cents,
      createdAt: new Date(message.date_created),
    };
  } catch (error) {
    // The SMS may have been queued (no answer, or the first try with this key is still running):
    // failing the verification now would leave that SMS outside every attempt. Nothing is written
    // (the work throws, the row keeps its due fallback), and the next try (timer, read, event)
    // replays the fallback key, which returns that SMS if it exists.
    if (asked && sendOutcomeUnknown(error)) throw error;
    deps.logger.warn(
      { sid: record.sid, reason, err: isDomainError(error) ? error.code : error },
      'SMS fallback could not be queued',
    );
  }
  const next = applyFallback(stateOf(record), reason, sms);
  held.update({
    channel: next.channel,
    fallbackReason: next.fallbackReason,
    fallbackDueAt: next.fallbackDueAt,
    ...(keepsCode(next) ? {} : { codeSealed: null }),
  });
  if (sms) held.addAttempt(sms);
  deps.logger.info({ sid: record.sid, reason, sms_sid: sms?.sid }, 'verification fell back to SMS');
  held.update({ costCents: verificationCost(held.record) });
}

/**
 * Runs every step the state machine wants now (a fallback can be followed by a failure when the
 * SMS could not be queued). Returns true when the verification became final.
 */
export async function progressLocked(deps: FlowDeps, held: LockedVerification): Promise<boolean> {
  for (;;) {
    const step = advance(stateOf(held.record), deps.clock.now());
    if (step.kind === 'none') return false;
    if (step.kind === 'finish') {
      finishLocked(deps, held, step.finish);
      return true;
    }
    await fallbackLocked(deps, held, step.reason);
  }
}
