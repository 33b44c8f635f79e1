import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Report integrity, as the provider documents it: X-Request-Signature is the hex HMAC-SHA256 of
// `<X-Request-Timestamp>\n<raw body>`, keyed with the SHA-256 digest of the API token.

export function reportSignature(token: string, timestamp: string, body: Buffer | string): string {
  const key = createHash('sha256').update(token).digest();
  return createHmac('sha256', key).update(`${timestamp}\n`).update(body).digest('hex');
}

/** Constant-time comparison, so the check leaks nothing about the expected signature. */
export function isValidReportSignature(
  token: string,
  timestamp: string,
  body: Buffer | string,
  signature: string,
): boolean {
  const expected = Buffer.from(reportSignature(token, timestamp, body), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
