import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { deriveKey, SealedBox } from '@otp/platform';

// Everything verify does with a code's secret: generate it, keep what a check needs (an HMAC),
// and keep the code itself sealed (AES-256-GCM, the platform's SealedBox) only as long as the SMS
// fallback may re-send it. Both keys derive from VERIFY_CODE_KEY; the verification sid is bound
// into both so a value copied to another row neither matches nor opens.

export class CodeVault {
  private readonly macKey: Buffer;
  private readonly box: SealedBox;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('VERIFY_CODE_KEY must be 32 bytes');
    this.macKey = deriveKey(masterKey, 'otp verify code check');
    this.box = new SealedBox(masterKey, 'otp verify code seal');
  }

  /** A code of `length` digits from the CSPRNG (uniform; leading zeros allowed). */
  static generate(length: number): string {
    let code = '';
    for (let i = 0; i < length; i++) code += String(randomInt(10));
    return code;
  }

  mac(sid: string, code: string): Buffer {
    return createHmac('sha256', this.macKey).update(sid).update('\0').update(code).digest();
  }

  /** Constant-time comparison of an entered code with the stored HMAC. */
  matches(sid: string, entered: string, stored: Uint8Array): boolean {
    const candidate = this.mac(sid, entered);
    return stored.length === candidate.length && timingSafeEqual(candidate, stored);
  }

  seal(sid: string, code: string): Buffer {
    return this.box.seal(sid, code);
  }

  open(sid: string, sealed: Uint8Array): string {
    return this.box.open(sid, sealed);
  }
}
