import { createHash, randomBytes } from 'node:crypto';
import type { IpAllowlist } from './ip-allowlist.js';

export const API_KEY_PREFIX = 'otp_live_';
// 24 random bytes from the CSPRNG: 48 hex characters, 192 bits.
const RANDOM_BYTES = 24;
const API_KEY_PATTERN = /^otp_live_[A-Za-z0-9]{32,128}$/;

export interface NewApiKey {
  /** The secret, shown once to the operator and never stored. */
  key: string;
  /** SHA-256 of the key (hex): what is stored and looked up. */
  hash: string;
  /** What an operator sees later to tell keys apart: `otp_live_ab12...9f3c`. */
  hint: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function newApiKey(): NewApiKey {
  const key = API_KEY_PREFIX + randomBytes(RANDOM_BYTES).toString('hex');
  return { key, hash: hashApiKey(key), hint: `${key.slice(0, API_KEY_PREFIX.length + 4)}...${key.slice(-4)}` };
}

/** Shape check before any lookup, so garbage never reaches the database. */
export function looksLikeApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

export type BearerToken = { kind: 'missing' } | { kind: 'malformed' } | { kind: 'token'; token: string };

/** Reads `Authorization: Bearer <token>`; an absent or empty header (or no token) is "missing". */
export function readBearer(header: string | undefined): BearerToken {
  const value = header?.trim() ?? '';
  if (value === '') return { kind: 'missing' };
  const match = /^bearer(?:\s+(.*))?$/i.exec(value);
  if (!match) return { kind: 'malformed' };
  const token = match[1]?.trim() ?? '';
  return token === '' ? { kind: 'missing' } : { kind: 'token', token };
}

/** Whom a verified API key belongs to, and the project's allowlist its requests must pass. */
export interface KeyOwner {
  keyId: string;
  projectId: string;
  ipAllowlist: IpAllowlist;
}
