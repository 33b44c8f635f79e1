import { DomainError, isStorableJson, normalizePhone, phoneProblem } from '@otp/platform';
import { callbackProblem, MAX_TTL_SECONDS } from './settings.js';

// The rules of a send request as the Messenger service receives it (the gateway validates the
// public body first; these hold for every caller, Verify included).

export type Purpose = 'direct' | 'verify';

export interface SendRequest {
  projectId: string;
  to: string;
  code?: string;
  callback?: string;
  metadata: Record<string, unknown>;
  purpose: Purpose;
  ttlSeconds?: number;
}

export interface CheckedSendRequest extends SendRequest {
  /** E.164 */
  to: string;
}

const OWN_CODE = /^\d{4,8}$/;

export function checkSendRequest(request: SendRequest, minTtlSeconds: number): CheckedSendRequest {
  const problems: string[] = [];
  const phone = normalizePhone(request.to);
  if (!phone) problems.push(phoneProblem('to', request.to)!);
  if (request.code !== undefined && !OWN_CODE.test(request.code)) problems.push('code: must be 4-8 digits');
  if (request.callback !== undefined) {
    const problem = callbackProblem('callback', request.callback);
    if (problem) problems.push(problem);
  }
  if (request.ttlSeconds !== undefined) {
    if (request.purpose !== 'verify') problems.push('ttl_seconds: only Verify sets its own expiry');
    else if (
      !Number.isInteger(request.ttlSeconds) ||
      request.ttlSeconds < minTtlSeconds ||
      request.ttlSeconds > MAX_TTL_SECONDS
    ) {
      problems.push(`ttl_seconds: must be a whole number of seconds from ${minTtlSeconds} to ${MAX_TTL_SECONDS}`);
    }
  }
  if (problems.length > 0) throw new DomainError('INVALID_REQUEST_BODY', problems.join('; '));
  return { ...request, to: phone!.e164 };
}

/** Metadata travels as JSON over gRPC; anything but an object is a caller bug. */
export function parseMetadata(json: string): Record<string, unknown> {
  if (json === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new DomainError('INVALID_REQUEST_BODY', 'metadata: must be a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DomainError('INVALID_REQUEST_BODY', 'metadata: must be an object');
  }
  if (!isStorableJson(value)) {
    throw new DomainError('INVALID_REQUEST_BODY', 'metadata: must not contain NUL or unpaired surrogate characters');
  }
  return value as Record<string, unknown>;
}
