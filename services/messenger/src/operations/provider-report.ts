import { DomainError } from '@otp/platform';
import { codeStatusOf } from '../domain/provider-status.js';
import { isValidReportSignature } from '../provider/signature.js';
import { requestStatus } from '../provider/wire.js';
import type { MessengerDeps } from './deps.js';
import { refundCode } from './refund.js';

export interface RawReport {
  body: Buffer;
  timestamp: string;
  signature: string;
}

/** Signature and age checks; a report failing either is refused as a whole. */
export function authenticateReport(deps: MessengerDeps, report: RawReport): number {
  const timestamp = /^\d{1,12}$/.test(report.timestamp) ? Number(report.timestamp) : NaN;
  if (
    !isValidReportSignature(deps.rules.apiToken, report.timestamp, report.body, report.signature) ||
    Number.isNaN(timestamp)
  ) {
    throw new DomainError('INVALID_SIGNATURE', 'the report signature does not match');
  }
  const ageSeconds = Math.abs(deps.clock.now().getTime() / 1000 - timestamp);
  if (ageSeconds > deps.rules.reportMaxAgeSeconds) {
    throw new DomainError('INVALID_SIGNATURE', 'the report timestamp is outside the accepted window');
  }
  return timestamp;
}

/**
 * A delivery report from the provider: authenticated, then applied once and in order. A replay
 * of a report already seen, or a status the code has already passed, changes nothing
 * (`applied: false`), so the provider's retries are harmless.
 */
export async function applyProviderReport(deps: MessengerDeps, report: RawReport): Promise<{ applied: boolean }> {
  const timestamp = authenticateReport(deps, report);
  let body: unknown;
  try {
    body = JSON.parse(report.body.toString('utf8'));
  } catch {
    throw new DomainError('INVALID_REQUEST_BODY', 'the report body is not JSON');
  }
  const parsed = requestStatus.safeParse(body);
  if (!parsed.success) throw new DomainError('INVALID_REQUEST_BODY', 'the report body is not a request status');
  const status = parsed.data;
  const claim = { signature: report.signature.toLowerCase(), requestId: status.request_id, timestamp };

  // The copy of the code this process last wrote, when it has one (the change proves it current).
  const code = await deps.codes.forReport(status.request_id);
  if (!code || !status.delivery_status) {
    await deps.codes.rememberReport(claim);
    return { applied: false };
  }
  const outcome = await deps.codes.learnWithOutcome(
    code,
    codeStatusOf(status.delivery_status, code.expiresAt),
    deps.clock.now(),
    { report: claim },
  );
  if (outcome.applied) await refundCode(deps, outcome.code);
  return { applied: outcome.applied };
}
