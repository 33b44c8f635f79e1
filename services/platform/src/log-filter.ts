import { raw, sqltag as sql, type Sql } from '@prisma/client/runtime/client';
import { DomainError } from './errors.js';
import { parseSid, type SidPrefix } from './ids.js';

// The filters of a log list RPC (verify's verifications, sms's messages, messenger's codes), read
// the same way by every service that answers one: the console's logs page through the admin API.

/** The optional filters every `List...Request` proto message carries. */
export interface LogListRequest {
  project_id: string;
  status?: string;
  to?: string;
  created_from?: string;
  created_until?: string;
  limit: number;
  before_sid?: string;
}

export interface LogFilter {
  projectId: string;
  status?: string;
  /** Digits anywhere in the number. */
  toContains?: string;
  createdFrom?: Date;
  /** Exclusive. */
  createdUntil?: Date;
  beforeSid?: string;
  limit: number;
}

const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

function dateOf(value: string, field: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new DomainError('INVALID_REQUEST_BODY', `${field}: must be a date-time`);
  return date;
}

/** The filter of a list request; a status outside `statuses` or a malformed sid or date is refused. */
export function logFilter(request: LogListRequest, sidPrefix: SidPrefix, statuses: readonly string[]): LogFilter {
  if (!request.project_id) throw new DomainError('INVALID_ARGUMENT', 'project_id is required');
  if (request.status && !statuses.includes(request.status)) {
    throw new DomainError('INVALID_REQUEST_BODY', `status: one of ${statuses.join(', ')}`);
  }
  let beforeSid: string | undefined;
  if (request.before_sid) {
    beforeSid = parseSid(sidPrefix, request.before_sid);
    if (!beforeSid) {
      throw new DomainError('INVALID_MESSAGE_SID', `sid must be ${sidPrefix} followed by 24 hex characters`);
    }
  }
  return {
    projectId: request.project_id,
    ...(request.status ? { status: request.status } : {}),
    ...(request.to ? { toContains: request.to } : {}),
    ...(request.created_from ? { createdFrom: dateOf(request.created_from, 'created_from') } : {}),
    ...(request.created_until ? { createdUntil: dateOf(request.created_until, 'created_until') } : {}),
    ...(beforeSid ? { beforeSid } : {}),
    limit: Math.min(Math.max(request.limit || DEFAULT_PAGE, 1), MAX_PAGE),
  };
}

/**
 * The SQL conditions of `filter` over `table` read as `alias` (its `project_id`, `created_at`,
 * `sid` and `toColumn` columns), for a raw statement ordered `created_at DESC, sid DESC`: the
 * page starts after `beforeSid` in that order. The names come from the calling store, never from
 * a request.
 */
export function logConditions(filter: LogFilter, table: string, alias: string, toColumn: string): Sql[] {
  const column = (name: string) => raw(`${alias}.${name}`);
  const conditions = [sql`${column('project_id')} = ${filter.projectId}`];
  if (filter.status) conditions.push(sql`${column('status')} = ${filter.status}`);
  if (filter.toContains) conditions.push(sql`strpos(${column(toColumn)}, ${filter.toContains}) > 0`);
  if (filter.createdFrom) conditions.push(sql`${column('created_at')} >= ${filter.createdFrom}`);
  if (filter.createdUntil) conditions.push(sql`${column('created_at')} < ${filter.createdUntil}`);
  if (filter.beforeSid) {
    conditions.push(
      sql`(${column('created_at')}, ${column('sid')}) < (SELECT created_at, sid FROM ${raw(table)} WHERE sid = ${filter.beforeSid})`,
    );
  }
  return conditions;
}
