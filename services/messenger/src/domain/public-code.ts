import { messengerCodeResource, type MessengerCodeRecord, type MessengerCodeResource } from '@otp/platform';
import type { CodeStatus } from './status.js';

/** The fields of a code the public view and the money rules need (the stored row has more). */
export interface CodeView {
  sid: string;
  projectId: string;
  to: string;
  status: CodeStatus;
  expiresAt: Date;
  costCents: number;
  refund: 'none' | 'due' | 'done';
  metadata: Record<string, unknown>;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** What the code costs the customer now: a refunded (or refund-decided) send counts as 0. */
export function currentCostCents(code: Pick<CodeView, 'costCents' | 'refund'>): number {
  return code.refund === 'none' ? code.costCents : 0;
}

/** The CodeMessage fields shared by the gRPC answer and the public view. */
export function codeRecord(code: CodeView): MessengerCodeRecord {
  return {
    sid: code.sid,
    status: code.status,
    to: code.to,
    expires_at: code.expiresAt.toISOString(),
    cost_cents: currentCostCents(code),
    metadata_json: JSON.stringify(code.metadata),
    date_created: code.createdAt.toISOString(),
    ...(code.status === 'failed' && code.lastError ? { last_error: code.lastError } : {}),
    ...(code.deliveredAt ? { delivered_at: code.deliveredAt.toISOString() } : {}),
  };
}

/** The messenger code message as the public API and the webhooks show it. */
export function publicCode(code: CodeView): MessengerCodeResource {
  return messengerCodeResource(codeRecord(code));
}
