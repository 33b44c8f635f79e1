import { formatCents } from '../money.js';

// The Verification as the public API shows it (docs/api/spec.md, "Verification" and "Attempt").
// The gateway answers with it and the verify service puts it in its finished events, so the two
// can never drift apart.

/** The fields of the `otp.verify.v1.Verification` proto message this view reads. */
export interface VerificationRecord {
  sid: string;
  status: string;
  to: string;
  channel: string;
  fallback_reason?: string;
  attempts: { channel: string; sid: string; status: string; cost_cents: number; date_created: string }[];
  checks_left: number;
  fee_cents: number;
  cost_cents: number;
  date_created: string;
  expires_at: string;
  approved_at?: string;
  metadata_json: string;
  last_error?: string;
}

export interface VerificationResource {
  sid: string;
  status: string;
  to: string;
  channel: string;
  fallback_reason: string | null;
  attempts: { channel: string; sid: string; status: string; cost: string; date_created: string }[];
  checks_left: number;
  fee: string;
  cost: string;
  date_created: string;
  expires_at: string;
  approved_at: string | null;
  metadata: Record<string, unknown>;
  last_error?: string;
}

export function verificationResource(v: VerificationRecord): VerificationResource {
  return {
    sid: v.sid,
    status: v.status,
    to: v.to,
    channel: v.channel,
    fallback_reason: v.fallback_reason || null,
    attempts: v.attempts.map((a) => ({
      channel: a.channel,
      sid: a.sid,
      status: a.status,
      cost: formatCents(a.cost_cents),
      date_created: a.date_created,
    })),
    checks_left: v.checks_left,
    fee: formatCents(v.fee_cents),
    cost: formatCents(v.cost_cents),
    date_created: v.date_created,
    expires_at: v.expires_at,
    approved_at: v.approved_at || null,
    metadata: JSON.parse(v.metadata_json || '{}') as Record<string, unknown>,
    // Present only when the status is `failed` (spec).
    ...(v.status === 'failed' && v.last_error ? { last_error: v.last_error } : {}),
  };
}
