import { randomBytes } from 'node:crypto';

// The identifiers the HTTP APIs take in a path, each with its one pattern: the gateway checks a
// path parameter against it before a route does anything, and the console before it forwards.
// No flags: the OpenAPI documents carry these patterns, and JSON Schema patterns have none.

export type SidPrefix = 'VE' | 'SM' | 'TG';

/** A public id: two-letter type prefix and 24 hex characters (96 bits from the CSPRNG). */
export function newSid(prefix: SidPrefix): string {
  return prefix + randomBytes(12).toString('hex');
}

const SID_PATTERNS: Record<SidPrefix, RegExp> = {
  VE: /^VE[a-fA-F0-9]{24}$/,
  SM: /^SM[a-fA-F0-9]{24}$/,
  TG: /^TG[a-fA-F0-9]{24}$/,
};

/** A sid of `prefix` in either case (the spec allows `a-fA-F`). */
export function sidPattern(prefix: SidPrefix): RegExp {
  return SID_PATTERNS[prefix];
}

/** Lower-case sids are canonical; input may use either case. */
export function parseSid(prefix: SidPrefix, value: string): string | undefined {
  return sidPattern(prefix).test(value) ? prefix + value.slice(2).toLowerCase() : undefined;
}

/** A project id: `prj_` and 24 lower-case hex characters, as newProjectId makes them. */
export const PROJECT_ID_PATTERN = /^prj_[a-f0-9]{24}$/;

export function newProjectId(): string {
  return `prj_${randomBytes(12).toString('hex')}`;
}

/** API key ids and webhook delivery ids: UUIDs as Postgres writes them (either case is read). */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A sender ID (spec): 3-11 letters and digits, at least one letter. */
export const SENDER_ID_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/;

/** A carrier's name (the carriers file, the sandbox's carriers): letters, digits, - and _, at most 40. */
export const CARRIER_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,39}$/;

/** A destination prefix as an operator types it (a fraud block's key): 1-15 digits after an optional +. */
export const DESTINATION_PREFIX_PATTERN = /^\+?\d{1,15}$/;

/** The digits of a destination prefix (`+44771` -> `44771`), or undefined when it is not one. */
export function parseDestinationPrefix(input: string): string | undefined {
  if (!DESTINATION_PREFIX_PATTERN.test(input)) return undefined;
  return input.startsWith('+') ? input.slice(1) : input;
}
