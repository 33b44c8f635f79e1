// Errors as typed values. A DomainError carries one of these stable codes across every hop:
// gRPC trailer `x-domain-code`, then the gateway's status table, then the public envelope.

export const ERROR_CODES = [
  // public API codes (docs/api/spec.md)
  'INVALID_MESSAGE_SID',
  'INVALID_JSON',
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'INSUFFICIENT_BALANCE',
  'IP_NOT_ALLOWED',
  'CHANNEL_DISABLED',
  'VERIFY_DISABLED',
  'VERIFICATION_NOT_FOUND',
  'VERIFICATION_NOT_PENDING',
  'INVALID_REQUEST_BODY',
  'SENDER_ID_REQUIRED',
  'SENDER_ID_NOT_APPROVED',
  'DESTINATION_NOT_PRICED',
  'MESSENGER_REJECTED',
  'QUEUE_UNAVAILABLE',
  // abuse defence (docs/abuse-defence.md); a refusal moves no money
  'GEO_PERMISSION_DENIED',
  'RATE_LIMITED',
  'FRAUD_SUSPECTED',
  'SPEND_LIMIT_REACHED',
  // codes this implementation adds (docs/api/errors.md)
  'MESSAGE_NOT_FOUND',
  'PROJECT_NOT_FOUND',
  'API_KEY_NOT_FOUND',
  'SENDER_ID_NOT_FOUND',
  'SENDER_ID_EXISTS',
  'DELIVERY_NOT_FOUND',
  'HOLD_NOT_FOUND',
  'HOLD_NOT_ACTIVE',
  'REFUND_EXCEEDS_CHARGE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'INVALID_ARGUMENT',
  'INVALID_PATH',
  'INVALID_ADMIN_TOKEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_SIGNATURE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value);
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/**
 * Over a velocity limit (429): says when trying again can succeed, as the `Retry-After` header.
 */
export class RateLimited extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/**
 * A peer that could not be reached or did not answer in time (SERVICE_UNAVAILABLE to the caller's
 * own callers). Unlike a peer's answer, it says nothing about whether the call took effect.
 */
export class PeerUnavailable extends DomainError {
  constructor(message: string) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

/**
 * An action whose outcome is not known yet, answered as such (SERVICE_UNAVAILABLE, never as a
 * refusal): e.g. a messenger send the provider did not answer, which may have reached the user.
 * It names the resource it concerns (`sid`); its owner keeps the money taken until it learns the
 * outcome, and a retry with the same key answers that outcome. Crosses gRPC with its sid
 * (grpc/status.ts) and reaches the API client as 503 with `Retry-After` and the sid.
 */
export class OutcomeUnknown extends DomainError {
  constructor(
    message: string,
    readonly sid: string,
  ) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

/**
 * Whether a failed call may still have taken effect at the peer: anything but a peer's own answer,
 * or the peer's answer that it does not know yet (OutcomeUnknown). Money calls branch on it: a
 * refused charge moved nothing, a timed-out one may have.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !isDomainError(error) || error instanceof PeerUnavailable || error instanceof OutcomeUnknown;
}
