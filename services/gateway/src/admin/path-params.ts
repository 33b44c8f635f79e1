import {
  DomainError,
  parseDestinationPrefix,
  PROJECT_ID_PATTERN,
  SENDER_ID_PATTERN,
  UUID_PATTERN,
  type ErrorCode,
} from '@otp/platform';
import type { GatewayDeps } from '../deps.js';

// Every path parameter of the admin API, checked against its own pattern (@otp/platform's, which
// the console shares) as a route's first step: a value that cannot name a resource is refused
// before anything is looked up or sent to a service. Each answers what an unknown one would, so a
// malformed id and a missing one look alike. Sids are read by parseSidParam (400 INVALID_MESSAGE_SID).

function matching(value: string | undefined, pattern: RegExp, notFound: ErrorCode, what: string): string {
  if (value === undefined || !pattern.test(value)) throw new DomainError(notFound, `no ${what} ${value ?? ''}`);
  return value;
}

/** `{id}`: a project id, or 404 PROJECT_NOT_FOUND. */
export function projectParam(id: string | undefined): string {
  return matching(id, PROJECT_ID_PATTERN, 'PROJECT_NOT_FOUND', 'project');
}

/** The `{id}` of an admin path, checked to exist (404 PROJECT_NOT_FOUND otherwise). */
export async function existingProject(deps: Pick<GatewayDeps, 'projects'>, id: string | undefined): Promise<string> {
  const projectId = projectParam(id);
  if (!(await deps.projects.exists(projectId))) throw new DomainError('PROJECT_NOT_FOUND', `no project ${projectId}`);
  return projectId;
}

/** `{key_id}`: an API key id, or 404 API_KEY_NOT_FOUND. */
export function apiKeyIdParam(value: string | undefined): string {
  return matching(value, UUID_PATTERN, 'API_KEY_NOT_FOUND', 'active key');
}

/** `{value}` of a sender ID, or 404 SENDER_ID_NOT_FOUND. */
export function senderIdParam(value: string | undefined): string {
  return matching(value, SENDER_ID_PATTERN, 'SENDER_ID_NOT_FOUND', 'sender ID');
}

/** `{delivery_id}`: a webhook delivery id, or 404 DELIVERY_NOT_FOUND. */
export function deliveryIdParam(value: string | undefined): string {
  return matching(value, UUID_PATTERN, 'DELIVERY_NOT_FOUND', 'delivery');
}

/** `{prefix}` of a fraud block: its digits, or 422 INVALID_ARGUMENT (as guard answers it). */
export function destinationPrefixParam(value: string | undefined): string {
  const digits = value === undefined ? undefined : parseDestinationPrefix(value);
  if (digits === undefined) throw new DomainError('INVALID_ARGUMENT', 'prefix must be digits, optionally after a +');
  return digits;
}
