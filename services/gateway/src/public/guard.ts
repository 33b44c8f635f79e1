import { DomainError, isDomainError, outcomeUnknown, RateLimited } from '@otp/platform';
import type { Request } from 'express';
import type { GatewayDeps } from '../deps.js';
import { projectOf } from './auth.js';
import { requestKeyOf } from './idempotency.js';

// Abuse defence at the edge: every start (verification, direct SMS, direct messenger code) is put
// to Guard.Admit once before it is forwarded, so a refused start never reaches the service that
// moves money. A verification's own sends go from verify to sms/messenger directly and are not
// asked again; an Idempotency-Key replay is answered from the gateway's record before this runs,
// and a rerun carries the same request key, which guard counts once. Guard unreachable: the start
// fails closed with 503 SERVICE_UNAVAILABLE (docs/abuse-defence.md "Abuse defence" says why).

export interface StartToJudge {
  kind: 'verification' | 'sms' | 'messenger';
  /** E.164 */
  to: string;
  signals?: { ip?: string | undefined; device_id?: string | undefined; user_agent?: string | undefined } | undefined;
}

function keyTaken(error: unknown): boolean {
  return isDomainError(error) && (error.code === 'IDEMPOTENCY_KEY_REUSED' || error.code === 'IDEMPOTENCY_KEY_IN_USE');
}

export async function guardedStart<T>(
  deps: GatewayDeps,
  req: Request,
  start: StartToJudge,
  forward: () => Promise<T>,
): Promise<T> {
  const projectId = projectOf(req);
  const requestKey = requestKeyOf(req);
  const verdict = await deps.peers.guard.Admit({
    project_id: projectId,
    to: start.to,
    kind: start.kind,
    request_key: requestKey,
    signals: {
      ip: start.signals?.ip ?? '',
      device_id: start.signals?.device_id ?? '',
      user_agent: start.signals?.user_agent ?? '',
    },
  });
  if (!verdict.admitted) {
    if (verdict.refusal_code === 'RATE_LIMITED') throw new RateLimited(verdict.message, verdict.retry_after_seconds);
    if (verdict.refusal_code === 'GEO_PERMISSION_DENIED' || verdict.refusal_code === 'FRAUD_SUSPECTED') {
      throw new DomainError(verdict.refusal_code, verdict.message);
    }
    throw new Error(`Guard.Admit refused with an unknown code ${verdict.refusal_code}`);
  }
  try {
    return await forward();
  } catch (error) {
    // The owner's own refusal: nothing was sent, so the start must not count against the number.
    // Not so for a key in use or reused: the key's first request counts, and it is this request key.
    if (!outcomeUnknown(error) && !keyTaken(error)) {
      await deps.peers.guard
        .Forget({ project_id: projectId, request_key: requestKey })
        .catch((forgetError: unknown) =>
          deps.logger.warn({ err: forgetError }, 'guard did not forget a refused start'),
        );
    }
    throw error;
  }
}
