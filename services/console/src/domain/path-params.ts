import {
  DESTINATION_PREFIX_PATTERN,
  PROJECT_ID_PATTERN,
  SENDER_ID_PATTERN,
  SETTINGS_KINDS,
  sidPattern,
  UUID_PATTERN,
} from '@otp/platform';

// Every path parameter a console route may name, each with the one shape the admin API gives it.
// A value of another shape is refused before any role check; one of these shapes cannot add,
// climb or escape a path segment, whatever the admin API's router or fetch make of it.

export const PATH_PARAMS = {
  /** A project. */
  id: PROJECT_ID_PATTERN,
  /** An API key (a UUID in the gateway's store). */
  keyId: UUID_PATTERN,
  /** A verification. */
  sid: sidPattern('VE'),
  /** A settings route of the admin API, one per kind. */
  kind: new RegExp(`^(?:${SETTINGS_KINDS.join('|')})$`),
  /** A sender ID. */
  value: SENDER_ID_PATTERN,
  /** A fraud block's destination prefix. */
  prefix: DESTINATION_PREFIX_PATTERN,
  /** A webhook delivery (a UUID). */
  deliveryId: UUID_PATTERN,
  /** A console user (a member). */
  userId: UUID_PATTERN,
} as const satisfies Record<string, RegExp>;

export type PathParamName = keyof typeof PATH_PARAMS;

export function isPathParamName(name: string): name is PathParamName {
  return Object.hasOwn(PATH_PARAMS, name);
}

/** Why `value` cannot be the path parameter `name`, or undefined when it has that parameter's shape. */
export function pathParamProblem(name: string, value: string): string | undefined {
  if (!isPathParamName(name)) return `${name} is not a path parameter the console knows`;
  return PATH_PARAMS[name].test(value) ? undefined : `the path's ${name} is malformed`;
}
