import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

// Secrets at rest (a verification's code, the text of the SMS that carries it) are sealed with
// AES-256-GCM under a key derived (HKDF-SHA256) from a service's master key and a purpose label,
// so one master key can serve several purposes without their keys ever being the same. The id of
// the row (a sid) is the associated data: a sealed value copied to another row does not open.

/**
 * The keys that seal secrets at rest in a local run and the test suites: published here, so never
 * fit for a real deployment (the Helm chart generates its own and keeps them in a Secret; OTP_ENV
 * production refuses these, secrets/production-secrets.ts).
 */
export const LOCAL_SECRET_KEYS = {
  verifyCode: '6c6f63616c2d6f6e6c792d7665726966792d636f64652d6b65792d3332627974',
  smsBody: '6c6f63616c2d6f6e6c792d736d732d626f64792d6b65792d2d2d2d3332627974',
  consoleTotp: '6c6f63616c2d6f6e6c792d636f6e736f6c652d746f74702d6b65792d33326221',
  webhookSecret: '6c6f63616c2d6f6e6c792d776562686f6f6b2d7365637265742d6b65792d3332',
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte master key as configured: 64 hex characters. */
export const secretKeyHex = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)');

/** A key for `purpose` derived from a 32-byte master key (HKDF-SHA256, no salt). */
export function deriveKey(masterKey: Buffer, purpose: string): Buffer {
  if (masterKey.length !== 32) throw new Error('a master key must be 32 bytes');
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), purpose, 32));
}

export class SealedBox {
  private readonly key: Buffer;

  constructor(masterKey: Buffer, purpose: string) {
    this.key = deriveKey(masterKey, purpose);
  }

  /** iv (12 bytes) + tag (16 bytes) + ciphertext, bound to `id`. */
  seal(id: string, plaintext: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(id));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** The plaintext; throws when the value was not sealed for `id` under this key. */
  open(id: string, sealed: Uint8Array): string {
    const bytes = Buffer.from(sealed);
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(id));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
