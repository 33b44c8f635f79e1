import { DomainError, ensureSameRequest, newSid, type Replayable } from '@otp/platform';
import { startHoldCents } from '../domain/first-send.js';
import { initialState } from '../domain/verification.js';
import { CodeVault } from '../secrets/code-vault.js';
import { loadSettings } from '../store/settings.js';
import type { NewStartIntent, StartIntent } from '../store/start-intents.js';
import type { VerificationRecord } from '../store/verifications.js';
import { advanceVerification } from './advance.js';
import type { FlowDeps } from './deps.js';
import { finishStart } from './finish-start.js';
import { startPrices } from './start-prices.js';

export interface StartInput {
  projectId: string;
  to: string;
  callback: string | null;
  metadata: Record<string, unknown>;
  /** The caller's key for this start (unique per project); null: no dedup. */
  requestKey: string | null;
  /** The fingerprint of the request (null: none given): a repeat of the key with another is refused. */
  requestHash: string | null;
}

/**
 * Starts a verification (spec: POST /verifications). Its intent is written first (`starting`,
 * never shown), with everything needed to finish it; then the money, the first send, and one
 * statement making it pending (finish-start.ts). A Start repeating a request key (and its
 * fingerprint) gets the verification the first one created, finished first if a crash interrupted it.
 */
export async function startVerification(deps: FlowDeps, input: StartInput): Promise<Replayable<VerificationRecord>> {
  const settings = await deps.settings.get(input.projectId, () => loadSettings(deps.statements, input.projectId));
  if (!settings.enabled) throw new DomainError('VERIFY_DISABLED', 'Verify is turned off for this project');
  const sid = newSid('VE');
  const code = CodeVault.generate(settings.codeLength);
  const prices = await startPrices(deps, input.projectId, input.to, settings, code);

  const now = deps.clock.now();
  const initial = initialState(settings, now, deps.timeScale);
  const intent: NewStartIntent = {
    sid,
    projectId: input.projectId,
    requestKey: input.requestKey,
    requestHash: input.requestHash,
    to: input.to,
    channel: initial.channel,
    checksLeft: initial.checksLeft,
    feeCents: prices.verifyFeeCents,
    holdCents: startHoldCents(
      { feeCents: prices.verifyFeeCents, messengerCents: prices.messengerFeeCents, smsCents: prices.smsCents },
      settings.channel,
    ),
    metadata: input.metadata,
    callbackUrl: input.callback ?? settings.callbackUrl,
    createdAt: now,
    expiresAt: initial.expiresAt,
    codeMac: deps.vault.mac(sid, code),
    // Kept while starting (whoever finishes the start sends it), then only while a fallback may.
    codeSealed: deps.vault.seal(sid, code),
    switchOnFailure: settings.switchOnFailure,
    fallbackDueAt: initial.fallbackDueAt,
    smsFrom: prices.smsFrom,
    smsText: settings.smsText,
  };

  // A conflicting row may be discarded between the insert and the read: then the key is free again.
  for (let tries = 0; tries < 3; tries++) {
    if (await deps.intents.create(intent, leaseEnd(deps, now))) {
      const value = await finishStart(
        deps,
        { ...intent, status: 'starting', holdId: null, moneyDue: false },
        'request',
      );
      return { value, replayed: false };
    }
    const existing = input.requestKey ? await deps.intents.findLive(input.projectId, input.requestKey) : undefined;
    if (existing) return { value: await repeatStart(deps, input, existing), replayed: true };
  }
  throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'a start with this request key is still running');
}

function leaseEnd(deps: FlowDeps, now: Date): Date {
  return new Date(now.getTime() + deps.recoveryAfterMs);
}

/** A Start whose request key names a live row: that verification, finished first if it is still starting. */
async function repeatStart(deps: FlowDeps, input: StartInput, existing: StartIntent): Promise<VerificationRecord> {
  ensureSameRequest(existing.requestHash, input.requestHash);
  if (existing.to !== input.to) {
    throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'this request key was used for a verification of another number');
  }
  if (existing.status === 'starting') {
    const now = deps.clock.now();
    const claimed = await deps.intents.claim(existing.sid, now, leaseEnd(deps, now));
    if (claimed) return finishStart(deps, claimed, 'repeat');
  }
  // Shown already (or just turned so): as a read would show it.
  const shown = await advanceVerification(deps, existing.sid);
  if (shown) return shown;
  throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'a start with this request key is still running');
}
