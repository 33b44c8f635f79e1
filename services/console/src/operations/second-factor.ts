import { generateSecret, generateURI, verify } from 'otplib';
import {
  newRecoveryCode,
  presentedCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  secondFactorRequired,
  stepAccepted,
} from '../domain/second-factor.js';
import { ConsoleError } from '../http/errors.js';
import type { UserRecord } from '../store/users.js';
import type { Author } from '../domain/author.js';
import type { ConsoleDeps } from './deps.js';

/** What authenticator apps show above the code. */
const ISSUER = 'OTP Console';
/** One step either side of now: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;

/**
 * The TOTP step a code matched, or undefined: otplib's functional verify answers for TOTP and HOTP
 * alike, and only a TOTP answer carries a step.
 */
async function matchedStep(secret: string, token: string): Promise<number | undefined> {
  const result = await verify({ secret, token, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

type Deps = Pick<ConsoleDeps, 'secondFactors' | 'secondFactorKeys' | 'audit'>;

/** Where a person stands: enrolled or not, and whether the console requires it of them. */
export async function secondFactorStatus(deps: Pick<ConsoleDeps, 'secondFactors'>, user: UserRecord) {
  const enrolled = await deps.secondFactors.enrolled(user.id);
  return {
    enrolled,
    required: secondFactorRequired(user),
    recoveryCodesLeft: enrolled ? await deps.secondFactors.recoveryCodesLeft(user.id) : 0,
  };
}

/** A new secret to enrol: shown once as text and as an otpauth:// URI; nothing changes until confirmed. */
export async function beginEnrolment(deps: Deps, user: UserRecord): Promise<{ secret: string; uri: string }> {
  const secret = generateSecret();
  await deps.secondFactors.begin(user.id, Uint8Array.from(deps.secondFactorKeys.secrets.seal(user.id, secret)));
  return { secret, uri: generateURI({ issuer: ISSUER, label: user.email, secret }) };
}

/** The enrolment in progress becomes the factor when `code` is current for it; the recovery codes, shown once. */
export async function confirmEnrolment(deps: Deps, user: UserRecord, code: string): Promise<string[]> {
  const factor = await deps.secondFactors.of(user.id);
  if (!factor?.pendingSealed) throw new ConsoleError('NO_ENROLMENT', 'start an enrolment first');
  const presented = presentedCode(code);
  const secret = deps.secondFactorKeys.secrets.open(user.id, factor.pendingSealed);
  const step = presented.kind === 'totp' ? await matchedStep(secret, presented.code) : undefined;
  if (step === undefined)
    throw new ConsoleError('INVALID_CODE', 'the code does not match: check the time on your device');
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const confirmed = await deps.secondFactors.confirm(
    user.id,
    Uint8Array.from(factor.pendingSealed),
    Uint8Array.from(deps.secondFactorKeys.secrets.seal(user.id, secret)),
    step,
    recoveryCodes.map(recoveryCodeHash),
  );
  if (!confirmed) throw new ConsoleError('NO_ENROLMENT', 'this enrolment was confirmed or restarted meanwhile');
  await deps.audit.record({ userId: user.id, email: user.email }, 'user.second_factor_enrol', null);
  return recoveryCodes;
}

/**
 * Whether `code` is a current TOTP code of the user's factor, or one of their recovery codes, and
 * uses it up: a TOTP step is taken once (the last used is stored), a recovery code is deleted.
 */
export async function useSecondFactor(
  deps: Pick<ConsoleDeps, 'secondFactors' | 'secondFactorKeys'>,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery' | undefined> {
  const presented = presentedCode(code);
  if (presented.kind === 'recovery') {
    return (await deps.secondFactors.useRecoveryCode(userId, recoveryCodeHash(presented.code)))
      ? 'recovery'
      : undefined;
  }
  const factor = await deps.secondFactors.of(userId);
  if (presented.kind !== 'totp' || !factor?.secretSealed) return undefined;
  const secret = deps.secondFactorKeys.secrets.open(userId, factor.secretSealed);
  const step = await matchedStep(secret, presented.code);
  if (step === undefined || !stepAccepted(factor.lastUsedStep, step)) return undefined;
  // Judged against the step read above; the store's conditional write settles a race for the same step.
  return (await deps.secondFactors.useStep(userId, step)) ? 'totp' : undefined;
}

/** Turns the factor off, with a current code; operators cannot (the console requires it of them). */
export async function disableSecondFactor(deps: Deps, user: UserRecord, code: string): Promise<void> {
  if (secondFactorRequired(user)) {
    throw new ConsoleError('FORBIDDEN', 'operators keep their second factor; another operator can reset it');
  }
  if (!(await useSecondFactor(deps, user.id, code))) throw new ConsoleError('INVALID_CODE', 'the code does not match');
  await deps.secondFactors.remove(user.id);
  await deps.audit.record({ userId: user.id, email: user.email }, 'user.second_factor_disable', null);
}

/** A lost device: the factor and its recovery codes go, and the person enrols again at next sign-in (operators must). */
export async function resetSecondFactor(
  deps: Pick<ConsoleDeps, 'users' | 'secondFactors' | 'audit'>,
  author: Author,
  email: string,
): Promise<void> {
  const user = await deps.users.byEmail(email.trim().toLowerCase());
  if (!user) throw new ConsoleError('NOT_FOUND', `no console user with email ${email}`);
  const removed = await deps.secondFactors.remove(user.id);
  // Sessions opened with the old factor end too: whoever holds the lost device may hold one.
  await deps.users.endSessions(user.id);
  await deps.audit.record(author, 'user.second_factor_reset', null, { user_id: user.id, had_factor: removed });
}
