import { DomainError, recordRefusedStart } from '@otp/platform';
import { BLOCK_COOL_OFF_MS, judgePrefix, needsVolume, UNCOUNTED_VOLUME } from '../domain/detector.js';
import { destinationOf } from '../domain/prefix.js';
import type { StartRequest } from '../store/starts.js';
import type { GuardDeps } from './deps.js';

export type StartKind = StartRequest['kind'];

export interface StartSignals {
  ip?: string | undefined;
  deviceId?: string | undefined;
  userAgent?: string | undefined;
}

export type Verdict =
  | { admitted: true; prefix: string }
  | {
      admitted: false;
      prefix: string;
      code: 'GEO_PERMISSION_DENIED' | 'RATE_LIMITED' | 'FRAUD_SUSPECTED';
      message: string;
      retryAfterSeconds?: number;
    };

const KINDS: readonly StartKind[] = ['verification', 'sms', 'messenger'];

/**
 * Judges one start before any money moves: one statement decides geo, blocks and velocity and
 * records the start; the detector then looks at the prefix. Only a prefix that does not convert
 * costs a second statement (its volume), and only one found pumped a third (the block and its event).
 */
export async function admitStart(
  deps: GuardDeps,
  request: { projectId: string; to: string; kind: string; requestKey: string; signals: StartSignals },
): Promise<Verdict> {
  if (!request.projectId || !request.requestKey)
    throw new DomainError('INVALID_ARGUMENT', 'project_id and request_key are required');
  const kind = KINDS.find((k) => k === request.kind);
  if (!kind) throw new DomainError('INVALID_ARGUMENT', `kind must be one of ${KINDS.join(', ')}`);
  const destination = destinationOf(request.to);
  if (!destination) throw new DomainError('INVALID_ARGUMENT', 'to is not a valid international phone number');
  const at = deps.clock.now();
  const answer = await deps.starts.admit({
    projectId: request.projectId,
    requestKey: request.requestKey,
    kind,
    to: destination.e164,
    country: destination.country,
    prefix: destination.prefix,
    ip: request.signals.ip,
    deviceId: request.signals.deviceId,
    userAgent: request.signals.userAgent,
    at,
  });
  const prefix = destination.prefix;
  switch (answer.verdict) {
    case 'GEO_PERMISSION_DENIED':
      recordRefusedStart(kind, 'geo_permission');
      return {
        admitted: false,
        prefix,
        code: 'GEO_PERMISSION_DENIED',
        message: `sending to ${destination.country} is not allowed by the project's geo permissions`,
      };
    case 'FRAUD_SUSPECTED':
      recordRefusedStart(kind, 'fraud_block');
      return {
        admitted: false,
        prefix,
        code: 'FRAUD_SUSPECTED',
        message: `destination prefix +${prefix} is blocked until ${answer.until} (${answer.reason})`,
      };
    case 'RATE_LIMITED':
      recordRefusedStart(kind, answer.limit);
      return {
        admitted: false,
        prefix,
        code: 'RATE_LIMITED',
        message: `over the ${answer.limit} limit; retry after ${answer.retry_after} s`,
        retryAfterSeconds: answer.retry_after,
      };
    case 'admitted':
      break;
  }
  if (!answer.stats || answer.protection === undefined || answer.protection === 'off')
    return { admitted: true, prefix };
  const volume = needsVolume(answer.stats) ? await deps.starts.volume(request.projectId, prefix, at) : UNCOUNTED_VOLUME;
  const reason = judgePrefix({ ...answer.stats, ...volume });
  if (!reason) return { admitted: true, prefix };
  const mode = answer.protection === 'block' ? 'block' : 'monitor';
  const recorded = await deps.starts.recordBlock({
    projectId: request.projectId,
    prefix,
    reason,
    mode,
    since: at,
    until: new Date(at.getTime() + BLOCK_COOL_OFF_MS),
    droppedStartId: answer.start_id,
    callbackUrl: answer.callback_url ?? null,
  });
  if (recorded) {
    deps.wakeRelay();
    deps.logger.warn({ project_id: request.projectId, prefix, reason, mode }, 'pumping detected');
  }
  if (mode === 'monitor') return { admitted: true, prefix };
  recordRefusedStart(kind, 'pumping_detected');
  return {
    admitted: false,
    prefix,
    code: 'FRAUD_SUSPECTED',
    message: `destination prefix +${prefix} is blocked (${reason})`,
  };
}
