import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks (https://www.standardwebhooks.com): the signed content is
// `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 keyed with the base64-decoded part of
// the `whsec_` secret; the header lists `v1,<base64>` once per valid secret, space-separated, so
// a receiver holding either the old or the new secret during a rotation verifies it.

const PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return PREFIX + randomBytes(24).toString('base64');
}

function key(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', key(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`,
    )
    .join(' ');
}

/** The headers of one POST; the timestamp is the attempt's, so a retry is never stale. */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'otp-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatureHeader(secrets, id, timestampSeconds, body),
  };
}
