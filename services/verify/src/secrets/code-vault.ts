import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

// Everything verify does with a code's secret: generate it, keep what a check needs (an HMAC),
// and keep the code itself sealed (AES-256-GCM) only as long as the SMS fallback may re-send it.
// Both keys derive from VERIFY_CODE_KEY; the verification sid is bound into both so a value
// copied to another row neither matches nor opens.

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CodeVault {
  private readonly macKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('VERIFY_CODE_KEY must be 32 bytes');
    this.macKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'otp verify code check', 32));
    this.sealKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'otp verify code seal', 32));
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
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(sid));
    const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  open(sid: string, sealed: Uint8Array): string {
    const bytes = Buffer.from(sealed);
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(sid));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
