import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { MAX_WRONG_CODES, scenarioFor, type Scenario } from './behaviour.js';

// The simulated provider's verification requests, kept in memory, and its rules for them.

export type DeliveryState = 'sent' | 'delivered' | 'read' | 'expired' | 'revoked';
export type VerificationState = 'code_valid' | 'code_invalid' | 'code_max_attempts_exceeded' | 'expired';

export interface VerificationRequest {
  requestId: string;
  phoneNumber: string;
  scenario: Scenario;
  /** Set once sendVerificationMessage ran (a send-ability check alone has none). */
  code?: string;
  sentAt?: number;
  ttlSeconds: number;
  callbackUrl?: string;
  payload?: string;
  delivery?: { status: DeliveryState; updatedAt: number };
  verification?: { status: VerificationState; updatedAt: number; codeEntered: string };
  wrongCodes: number;
  /** The operator was charged for this request (by its ability check or its send). */
  paid?: boolean;
}

/** RequestStatus as the provider's API returns it (times in Unix seconds). */
export interface RequestStatusBody {
  request_id: string;
  phone_number: string;
  request_cost: number;
  delivery_status?: { status: DeliveryState; updated_at: number };
  verification_status?: { status: VerificationState; updated_at: number; code_entered: string };
  payload?: string;
}

/** What one charged request costs the operator, in US dollars (request_cost). */
export const REQUEST_COST_CENTS = 1;
const COST = REQUEST_COST_CENTS / 100;
const seconds = (ms: number) => Math.floor(ms / 1000);

export function generateCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

function sameCode(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export class VerificationRequests {
  private readonly requests = new Map<string, VerificationRequest>();

  constructor(private readonly now: () => number = Date.now) {}

  create(phoneNumber: string): VerificationRequest {
    const request: VerificationRequest = {
      requestId: randomBytes(12).toString('hex'),
      phoneNumber,
      scenario: scenarioFor(phoneNumber),
      ttlSeconds: 0,
      wrongCodes: 0,
    };
    this.requests.set(request.requestId, request);
    return request;
  }

  get(requestId: string): VerificationRequest | undefined {
    return this.requests.get(requestId);
  }

  markSent(
    request: VerificationRequest,
    details: { code: string; ttlSeconds: number; callbackUrl?: string; payload?: string },
  ): void {
    Object.assign(request, details, {
      sentAt: this.now(),
      delivery: { status: 'sent', updatedAt: seconds(this.now()) },
    });
  }

  /**
   * Moves the delivery status; a request that expired or was revoked stays so, and a message the
   * user already has (delivered or read) can no longer be revoked.
   */
  setDelivery(request: VerificationRequest, status: DeliveryState): boolean {
    this.refreshExpiry(request);
    const current = request.delivery?.status;
    if (current === 'expired' || current === 'revoked') return false;
    if (status === 'revoked' && (current === 'delivered' || current === 'read')) return false;
    request.delivery = { status, updatedAt: seconds(this.now()) };
    return true;
  }

  /** Checks an entered code: right, wrong (counted), too many wrong, or expired. */
  check(request: VerificationRequest, entered: string): VerificationState {
    this.refreshExpiry(request);
    const state = request.delivery?.status;
    const timedOut = request.sentAt !== undefined && this.now() >= request.sentAt + request.ttlSeconds * 1000;
    let result: VerificationState;
    if (!request.code || timedOut || state === 'expired' || state === 'revoked') result = 'expired';
    else if (request.wrongCodes >= MAX_WRONG_CODES) result = 'code_max_attempts_exceeded';
    else if (sameCode(request.code, entered)) result = 'code_valid';
    else {
      request.wrongCodes += 1;
      result = request.wrongCodes >= MAX_WRONG_CODES ? 'code_max_attempts_exceeded' : 'code_invalid';
    }
    request.verification = { status: result, updatedAt: seconds(this.now()), codeEntered: entered };
    return result;
  }

  status(request: VerificationRequest): RequestStatusBody {
    this.refreshExpiry(request);
    return {
      request_id: request.requestId,
      phone_number: request.phoneNumber,
      request_cost: COST,
      ...(request.delivery
        ? { delivery_status: { status: request.delivery.status, updated_at: request.delivery.updatedAt } }
        : {}),
      ...(request.verification
        ? {
            verification_status: {
              status: request.verification.status,
              updated_at: request.verification.updatedAt,
              code_entered: request.verification.codeEntered,
            },
          }
        : {}),
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    };
  }

  /** An undelivered message whose ttl ran out is `expired` (delivered ones keep their status). */
  private refreshExpiry(request: VerificationRequest): void {
    if (request.sentAt === undefined || request.delivery?.status !== 'sent') return;
    const expiresAt = request.sentAt + request.ttlSeconds * 1000;
    if (this.now() >= expiresAt) request.delivery = { status: 'expired', updatedAt: seconds(expiresAt) };
  }
}
