import { formatCents } from '../money.js';

// The messenger code message as the public API shows it (docs/api/spec.md, "Messenger code
// message"). The gateway answers with it and the messenger service puts it in its events, so the
// two can never drift apart.

/** The fields of the `otp.messenger.v1.CodeMessage` proto message this view reads. */
export interface MessengerCodeRecord {
  sid: string;
  status: string;
  to: string;
  expires_at: string;
  /** Current cost: 0 once refunded. */
  cost_cents: number;
  metadata_json: string;
  date_created: string;
  last_error?: string;
  delivered_at?: string;
}

export interface MessengerCodeResource {
  sid: string;
  status: string;
  to: string;
  expires_at: string;
  cost: string;
  metadata: Record<string, unknown>;
  date_created: string;
  delivered_at: string | null;
  last_error?: string;
}

export function messengerCodeResource(message: MessengerCodeRecord): MessengerCodeResource {
  return {
    sid: message.sid,
    status: message.status,
    to: message.to,
    expires_at: message.expires_at,
    cost: formatCents(message.cost_cents),
    metadata: JSON.parse(message.metadata_json || '{}') as Record<string, unknown>,
    date_created: message.date_created,
    delivered_at: message.delivered_at || null,
    // The reason when the status is `failed` (spec); absent otherwise.
    ...(message.status === 'failed' && message.last_error ? { last_error: message.last_error } : {}),
  };
}
