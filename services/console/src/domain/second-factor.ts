import { deriveKey, SealedBox } from '@otp/platform';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { secretMatches } from './secret-match.js';

// The console's second factor: a TOTP code (RFC 6238, 6 digits, 30 s) or a one-time recovery
// code. Pure rules; otplib computes the codes, the store keeps what was used.

export const RECOVERY_CODE_COUNT = 10;
/** How long the step between a right password and the code may take. */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60_000;

/** Whether a person must have a second factor before using the console (operators run the platform). */
export function secondFactorRequired(user: { isOperator: boolean }): boolean {
  return user.isOperator;
}

/** What a person typed at the code step: a TOTP code, a recovery code, or neither. */
export type PresentedCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'invalid' };

// No 0/O, 1/I/L: a code read off paper is typed back without guessing.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_GROUPS = 4;
const RECOVERY_GROUP_LENGTH = 4;
const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_GROUPS * RECOVERY_GROUP_LENGTH}}$`);

export function presentedCode(input: string): PresentedCode {
  const compact = input.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (RECOVERY_PATTERN.test(compact)) return { kind: 'recovery', code: compact };
  return { kind: 'invalid' };
}

/** A new recovery code, shown as xxxx-xxxx-xxxx-xxxx (16 of 31 letters: about 79 random bits). */
export function newRecoveryCode(): string {
  const length = RECOVERY_GROUPS * RECOVERY_GROUP_LENGTH;
  // Rejection sampling keeps every letter equally likely (256 is not a multiple of 31).
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  let letters = '';
  while (letters.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && letters.length < length) letters += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    }
  }
  return letters.match(new RegExp(`.{${RECOVERY_GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** What is stored of a recovery code: its SHA-256 (enough for ~79 random bits; no salt needed). */
export function recoveryCodeHash(code: string): string {
  const presented = presentedCode(code);
  const normal = presented.kind === 'recovery' ? presented.code : code;
  return createHash('sha256').update(normal, 'utf8').digest('hex');
}

/** A TOTP step is accepted once: only a step after the last one used. */
export function stepAccepted(lastUsedStep: number | null, step: number): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}

/**
 * The token between a right password and the code: who, until when, signed (HMAC-SHA256). It
 * grants nothing but the code step, which is throttled like a password.
 */
export function pendingSignInToken(key: Buffer, userId: string, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, e: expiresAt.getTime() })).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

/** The user id a pending token was made for, when its signature holds and it has not expired. */
export function pendingSignInUser(key: Buffer, token: string, now: Date): string | undefined {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return undefined;
  if (!secretMatches(createHmac('sha256', key).update(payload).digest('base64url'), signature)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; e?: unknown };
    if (typeof parsed.u !== 'string' || typeof parsed.e !== 'number' || parsed.e <= now.getTime()) return undefined;
    return parsed.u;
  } catch {
    return undefined;
  }
}

/** Keys derived from CONSOLE_TOTP_KEY: one seals secrets at rest, one signs pending sign-ins. */
export interface SecondFactorKeys {
  secrets: SealedBox;
  pendingSignIn: Buffer;
}

export function secondFactorKeys(masterKey: Buffer): SecondFactorKeys {
  return {
    secrets: new SealedBox(masterKey, 'console-totp-secret'),
    pendingSignIn: deriveKey(masterKey, 'console-pending-sign-in'),
  };
}
