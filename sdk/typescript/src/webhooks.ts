import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { OtpWebhookError } from './errors.js';
import type { WebhookEvent } from './types.js';

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: HeaderBag): Record<string, string> {
  const record: Record<string, string> = {};
  const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  }
  return record;
}

/**
 * Checks a webhook's Standard Webhooks signature (webhook-id, webhook-timestamp,
 * webhook-signature) with the project's signing secret (`whsec_...`) and returns the event.
 * Pass the raw body exactly as received: re-serialised JSON would not match the signature.
 * A bad signature or a timestamp more than 5 minutes away throws OtpWebhookError.
 */
export function verifyWebhook(secret: string, rawBody: string | Uint8Array, headers: HeaderBag): WebhookEvent {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  try {
    return new Webhook(secret).verify(body, headerRecord(headers)) as WebhookEvent;
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new OtpWebhookError(error.message, { cause: error });
    throw error;
  }
}
