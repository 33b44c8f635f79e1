import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { generate } from 'otplib';
import { rawRequest } from './raw-request.js';

// The suites' side of the console's second factor: codes made with otplib from the secret the
// console showed, as an authenticator app would, and enrolment over raw HTTP.

const PERIOD_MS = 30_000;

/** A person's enrolled factor as a suite keeps it: the last step it used (the console takes each once). */
export interface KnownFactor {
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
}

/**
 * A code of a step after the last used: the current one, or the next (the console accepts one
 * step either side), waiting only when both were used.
 */
export async function nextCode(factor: KnownFactor): Promise<string> {
  const current = Math.floor(Date.now() / PERIOD_MS);
  const step = Math.max(current, factor.lastStep + 1);
  if (step > current + 1) await sleep((step - 1) * PERIOD_MS - Date.now() + 50);
  factor.lastStep = step;
  return generate({ secret: factor.secret, epoch: step * (PERIOD_MS / 1000) });
}

/** Enrols the signed-in person (its session cookie and CSRF token) over HTTP. */
export async function enrol(consoleUrl: string, session: { cookie: string; csrf: string }): Promise<KnownFactor> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' };
  const started = await rawRequest(consoleUrl, 'POST', '/api/second-factor/enrolment', { headers, body: '{}' });
  assert.equal(started.status, 201, started.text);
  const factor: KnownFactor = { secret: (started.body as { secret: string }).secret, lastStep: 0, recoveryCodes: [] };
  const confirmed = await rawRequest(consoleUrl, 'POST', '/api/second-factor/enrolment/confirm', {
    headers,
    body: JSON.stringify({ code: await nextCode(factor) }),
  });
  assert.equal(confirmed.status, 201, confirmed.text);
  factor.recoveryCodes = (confirmed.body as { recovery_codes: string[] }).recovery_codes;
  return factor;
}
