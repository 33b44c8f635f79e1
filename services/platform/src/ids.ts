import { randomBytes } from 'node:crypto';

export type SidPrefix = 'VE' | 'SM' | 'TG';

/** A public id: two-letter type prefix and 24 hex characters (96 bits from the CSPRNG). */
export function newSid(prefix: SidPrefix): string {
  return prefix + randomBytes(12).toString('hex');
}

/** Lower-case sids are canonical; input may use either case (the spec allows `a-fA-F`). */
export function parseSid(prefix: SidPrefix, value: string): string | undefined {
  return new RegExp(`^${prefix}[a-fA-F0-9]{24}$`).test(value) ? prefix + value.slice(2).toLowerCase() : undefined;
}
