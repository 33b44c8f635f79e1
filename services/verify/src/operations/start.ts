import { DomainError, holdOrUndo, isDomainError, newSid, outcomeUnknown } from '@otp/platform';
import { startHoldCents } from '../domain/first-send.js';
import { moneyKeys, verificationCost } from '../domain/settlement.js';
import { needsSenderId, type VerifySettings } from '../domain/settings.js';
import { renderSmsText, smsSegments } from '../domain/sms-text.js';
import { advance, applyFallback, initialState, keepsCode, type VerificationState } from '../domain/verification.js';
import { sendMetadata } from '../events/send-metadata.js';
import { CodeVault } from '../secrets/code-vault.js';
import { loadSettings } from '../store/settings.js';
import type { AttemptRecord, VerificationRecord } from '../store/verifications.js';
import { advanceVerification } from './advance.js';
import type { FlowDeps } from './deps.js';
import { resolveSenderId } from './sender-id.js';

export interface StartInput {
  projectId: string;
  to: string;
  callback: string | null;
  metadata: Record<string, unknown>;
}

/** A refusal of the messenger that the fallback answers (spec: no account, rejected; channel off). */
function messengerRefused(error: unknown): boolean {
  return isDomainError(error) && (error.code === 'MESSENGER_REJECTED' || error.code === 'CHANNEL_DISABLED');
}

// The messenger accepts 30 s to 60 min; a time-scaled test expiry can be shorter than that.
const MESSENGER_MIN_TTL_SECONDS = 30;

/**
 * Starts a verification (spec: POST /verifications). Money: one hold of fee + first send proves
 * the balance covers both (402 otherwise); capturing only the fee turns it into the Verify fee
 * charge and gives the send's share back, which the channel service then charges for its send.
 * Nothing is stored when no send could be queued: the fee is refunded and the error returned.
 */
export async function startVerification(deps: FlowDeps, input: StartInput): Promise<VerificationRecord> {
  const settings = await loadSettings(deps.db, input.projectId);
  if (!settings.enabled) throw new DomainError('VERIFY_DISABLED', 'Verify is turned off for this project');
  // Independent reads, side by side: they are most of a start's latency.
  const [smsFrom, quote] = await Promise.all([
    needsSenderId(settings) ? resolveSenderId(deps.peers, input.projectId, settings.senderId) : null,
    deps.peers.billing.Quote({ to: input.to }),
  ]);

  const sid = newSid('VE');
  const code = CodeVault.generate(settings.codeLength);
  const feeCents = quote.verify_fee_cents;
  const hold = await holdOrUndo(
    deps.peers.billing,
    {
      project_id: input.projectId,
      amount_cents: startHoldCents(
        {
          feeCents,
          messengerCents: quote.messenger_fee_cents,
          smsSegmentCents: quote.sms_price_cents,
          smsSegments: smsSegments(renderSmsText(settings.smsText, code)),
        },
        settings.channel,
      ),
      idempotency_key: moneyKeys.hold(sid),
      reference: sid,
      description: 'verify fee and first send',
    },
    moneyKeys.release(sid),
    deps.logger,
  );
  try {
    await deps.peers.billing.Capture({
      hold_id: hold.hold_id,
      idempotency_key: moneyKeys.fee(sid),
      amount_cents: feeCents,
      description: 'verify fee',
    });
  } catch (error) {
    // The fee may or may not have been taken: give back whichever happened (the other call is a
    // harmless refusal), so a start that failed keeps no money.
    if (outcomeUnknown(error)) await unwindFee(deps, input.projectId, sid, hold.hold_id, feeCents);
    throw error;
  }

  try {
    return await sendFirstAndStore(deps, { input, settings, sid, code, feeCents, smsFrom });
  } catch (error) {
    await refundFee(deps, input.projectId, sid, feeCents);
    throw error;
  }
}

/** Gives the fee of a verification that did not start back (logged when Billing is away). */
async function refundFee(deps: FlowDeps, projectId: string, sid: string, feeCents: number): Promise<void> {
  await deps.peers.billing
    .Refund({
      project_id: projectId,
      amount_cents: feeCents,
      idempotency_key: moneyKeys.feeRefund(sid),
      reference: sid,
      description: 'verify fee: not started',
    })
    .catch((refundError: unknown) =>
      deps.logger.error({ sid, err: refundError }, 'fee refund of a verification that did not start failed'),
    );
}

/** After a fee capture with no answer: release the hold if it is still held, refund the fee if it was taken. */
async function unwindFee(deps: FlowDeps, projectId: string, sid: string, holdId: string, feeCents: number) {
  await deps.peers.billing
    .Release({ hold_id: holdId, idempotency_key: moneyKeys.release(sid) })
    .catch((error: unknown) =>
      deps.logger.warn({ sid, err: error }, 'start hold not released (captured, or Billing away)'),
    );
  await refundFee(deps, projectId, sid, feeCents);
}

async function sendSms(
  deps: FlowDeps,
  sid: string,
  input: StartInput,
  body: string,
  from: string | null,
): Promise<AttemptRecord> {
  const message = await deps.peers.sms.Send({
    project_id: input.projectId,
    to: input.to,
    body,
    ...(from ? { from } : {}),
    metadata_json: sendMetadata(sid),
    purpose: 'verify',
  });
  return {
    sid: message.sid,
    channel: 'sms',
    status: message.status,
    costCents: message.cost_cents,
    createdAt: new Date(message.date_created),
  };
}

async function sendFirstAndStore(
  deps: FlowDeps,
  s: {
    input: StartInput;
    settings: VerifySettings;
    sid: string;
    code: string;
    feeCents: number;
    smsFrom: string | null;
  },
): Promise<VerificationRecord> {
  const { input, settings, sid, code } = s;
  const now = deps.clock.now();
  const initial = initialState(settings, now, deps.timeScale);
  const smsBody = renderSmsText(settings.smsText, code);
  const attempts: AttemptRecord[] = [];

  if (settings.channel === 'sms') {
    attempts.push(await sendSms(deps, sid, input, smsBody, s.smsFrom));
  } else {
    try {
      const ttl = Math.max(MESSENGER_MIN_TTL_SECONDS, Math.ceil((initial.expiresAt.getTime() - now.getTime()) / 1000));
      const message = await deps.peers.messenger.Send({
        project_id: input.projectId,
        to: input.to,
        code,
        metadata_json: sendMetadata(sid),
        purpose: 'verify',
        ttl_seconds: ttl,
      });
      attempts.push({
        sid: message.sid,
        channel: 'messenger',
        status: message.status,
        costCents: message.cost_cents,
        createdAt: new Date(message.date_created),
      });
    } catch (error) {
      if (!messengerRefused(error)) throw error;
      deps.logger.info({ sid, reason: isDomainError(error) ? error.code : 'unknown' }, 'messenger refused the send');
    }
  }

  let state: VerificationState = {
    ...initial,
    fallbackReason: null,
    switchOnFailure: settings.switchOnFailure,
    delivered: false,
    attempts,
  };
  // The messenger refused at once: the immediate fallback of the state table happens here, so a
  // start whose every channel failed to queue is refused (503) rather than stored.
  const step = advance(state, now);
  if (step.kind === 'fallback')
    state = applyFallback(state, step.reason, await sendSms(deps, sid, input, smsBody, s.smsFrom));

  const record = await deps.store.insert(
    {
      sid,
      projectId: input.projectId,
      status: 'pending',
      to: input.to,
      channel: state.channel,
      fallbackReason: state.fallbackReason,
      checksLeft: state.checksLeft,
      feeCents: s.feeCents,
      feeRefunded: false,
      delivered: false,
      costCents: verificationCost({ feeCents: s.feeCents, feeRefunded: false, attempts: state.attempts }),
      metadata: input.metadata,
      callbackUrl: input.callback ?? settings.callbackUrl,
      createdAt: now,
      expiresAt: state.expiresAt,
      codeMac: deps.vault.mac(sid, code),
      codeSealed: keepsCode(state) ? deps.vault.seal(sid, code) : null,
      switchOnFailure: settings.switchOnFailure,
      fallbackDueAt: state.fallbackDueAt,
      smsFrom: s.smsFrom,
      smsText: settings.smsText,
    },
    state.attempts as AttemptRecord[],
  );
  deps.logger.info({ sid, channel: record.channel, fallback_reason: record.fallbackReason }, 'verification started');
  // A messenger send refused without a fallback fails the verification now (row "code cannot be sent").
  if (advance(state, now).kind === 'none') return record;
  return (await advanceVerification(deps, sid, record)) ?? record;
}
