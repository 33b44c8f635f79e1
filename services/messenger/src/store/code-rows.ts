import type { CodeView } from '../domain/public-code.js';
import type { Purpose } from '../domain/send-request.js';
import type { CodeStatus } from '../domain/status.js';
import type { Prisma } from '../generated/prisma/client.js';

// The mapping of a raw `codes` row, shared by the stores that read it with raw statements.

/** A stored code: what the rules see plus the delivery details. */
export interface Code extends CodeView {
  purpose: Purpose;
  requestId: string | null;
  requestKey: string | null;
  /** The fingerprint of the request that used the key; null when the caller gave none. */
  requestHash: string | null;
  /** The Billing hold of the fee: null while unknown, '' for a code charged without one. */
  holdId: string | null;
  /** The provider did not answer its send: still `sending` until the provider's word says what became of it. */
  sendUnknown: boolean;
  callbackUrl: string | null;
  verificationStatus: string | null;
}

/** A `codes` row as raw SQL returns it. */
export interface CodeRecord {
  sid: string;
  project_id: string;
  to: string;
  purpose: string;
  status: string;
  request_id: string | null;
  request_key: string | null;
  request_hash: string | null;
  own_code: boolean;
  expires_at: Date;
  cost_cents: number;
  hold_id: string | null;
  refund: string;
  send_unknown: boolean;
  metadata: Prisma.JsonValue;
  callback_url: string | null;
  last_error: string | null;
  delivered_at: Date | null;
  read_at: Date | null;
  verification_status: string | null;
  created_at: Date;
  updated_at: Date;
}

export function fromRecord(record: CodeRecord): Code {
  return {
    sid: record.sid,
    projectId: record.project_id,
    to: record.to,
    purpose: record.purpose as Purpose,
    status: record.status as CodeStatus,
    requestId: record.request_id,
    requestKey: record.request_key,
    requestHash: record.request_hash,
    expiresAt: new Date(record.expires_at),
    costCents: record.cost_cents,
    holdId: record.hold_id,
    sendUnknown: record.send_unknown,
    refund: record.refund as Code['refund'],
    metadata: record.metadata as Record<string, unknown>,
    callbackUrl: record.callback_url,
    lastError: record.last_error,
    deliveredAt: record.delivered_at ? new Date(record.delivered_at) : null,
    verificationStatus: record.verification_status,
    createdAt: new Date(record.created_at),
  };
}
