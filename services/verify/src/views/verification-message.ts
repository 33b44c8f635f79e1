import type { Verification__Output as Verification } from '@otp/proto/dist/generated/otp/verify/v1/Verification.js';
import { attemptCost } from '../domain/settlement.js';
import type { VerificationRecord } from '../store/verifications.js';

/**
 * A stored verification as the RPC message (and, through verificationResource, the public view);
 * `replayed` is the Start's to say.
 */
export function toMessage(record: VerificationRecord): Omit<Verification, 'replayed'> {
  return {
    sid: record.sid,
    project_id: record.projectId,
    status: record.status,
    to: record.to,
    channel: record.channel,
    ...(record.fallbackReason ? { fallback_reason: record.fallbackReason } : {}),
    attempts: record.attempts.map((a) => ({
      channel: a.channel,
      sid: a.sid,
      status: a.status,
      cost_cents: attemptCost(a),
      date_created: a.createdAt.toISOString(),
    })),
    checks_left: record.checksLeft,
    fee_cents: record.feeCents,
    cost_cents: record.costCents,
    date_created: record.createdAt.toISOString(),
    expires_at: record.expiresAt.toISOString(),
    ...(record.approvedAt ? { approved_at: record.approvedAt.toISOString() } : {}),
    metadata_json: JSON.stringify(record.metadata),
    ...(record.status === 'failed' && record.lastError ? { last_error: record.lastError } : {}),
  };
}
