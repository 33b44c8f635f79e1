import { formatCents } from '../money.js';

// The SMS message as the public API shows it (docs/api/spec.md, "SMS message"). The gateway answers
// with it and the sms service puts it in its events, so the two can never drift apart.

/** The fields of the `otp.sms.v1.SmsMessage` proto message this view reads. */
export interface SmsMessageRecord {
  sid: string;
  status: string;
  to: string;
  from: string;
  body: string;
  sms_segments: number;
  cost_cents: number;
  metadata_json: string;
  date_created: string;
  processed_at?: string;
  last_error?: string;
  delivery_status?: string;
  delivered_at?: string;
  carrier?: string;
}

export interface SmsMessageResource {
  sid: string;
  status: string;
  to: string;
  from: string;
  body: string;
  sms_segments: number;
  cost: string;
  metadata: Record<string, unknown>;
  date_created: string;
  processed_at: string | null;
  last_error?: string;
  /** From the carrier's delivery receipts (docs/sms.md); null until a final receipt. */
  delivery_status: string | null;
  delivered_at: string | null;
  /** The carrier that took the message (or refused it for good); null while none has. */
  carrier: string | null;
}

export function smsMessageResource(message: SmsMessageRecord): SmsMessageResource {
  return {
    sid: message.sid,
    status: message.status,
    to: message.to,
    from: message.from,
    body: message.body,
    sms_segments: message.sms_segments,
    cost: formatCents(message.cost_cents),
    metadata: JSON.parse(message.metadata_json || '{}') as Record<string, unknown>,
    date_created: message.date_created,
    processed_at: message.processed_at || null,
    // Present only when there is one (spec).
    ...(message.last_error ? { last_error: message.last_error } : {}),
    delivery_status: message.delivery_status || null,
    delivered_at: message.delivered_at || null,
    carrier: message.carrier || null,
  };
}
