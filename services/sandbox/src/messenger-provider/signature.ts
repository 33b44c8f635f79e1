import { createHash, createHmac } from 'node:crypto';

// How the provider signs its delivery reports (its "checking report integrity" rule): hex
// HMAC-SHA256 over `<timestamp>\n<body>`, keyed with the SHA-256 digest of the API token. Written
// here independently of the messenger service's checker, so each tests the other.
export function signReport(token: string, timestamp: string, body: string): string {
  const key = createHash('sha256').update(token).digest();
  return createHmac('sha256', key).update(`${timestamp}\n${body}`).digest('hex');
}
