import { ERROR_CODES, type ErrorCode } from '@otp/platform';

/**
 * The one table from domain code to HTTP status. Typed over every ErrorCode, so adding a code to
 * the platform without choosing its status here fails the build rather than answering 500.
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  INVALID_MESSAGE_SID: 400,
  INVALID_JSON: 400,
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  INSUFFICIENT_BALANCE: 402,
  IP_NOT_ALLOWED: 403,
  CHANNEL_DISABLED: 403,
  // The spec leaves it open; it is the same kind of refusal as CHANNEL_DISABLED.
  VERIFY_DISABLED: 403,
  VERIFICATION_NOT_FOUND: 404,
  VERIFICATION_NOT_PENDING: 409,
  INVALID_REQUEST_BODY: 422,
  SENDER_ID_REQUIRED: 422,
  SENDER_ID_NOT_APPROVED: 422,
  DESTINATION_NOT_PRICED: 422,
  MESSENGER_REJECTED: 422,
  QUEUE_UNAVAILABLE: 503,
  // Abuse defence (docs/abuse-defence.md "Abuse defence"): refusals before any money moves.
  GEO_PERMISSION_DENIED: 403,
  RATE_LIMITED: 429,
  FRAUD_SUSPECTED: 403,
  SPEND_LIMIT_REACHED: 403,
  MESSAGE_NOT_FOUND: 404,
  PROJECT_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  SENDER_ID_NOT_FOUND: 404,
  SENDER_ID_EXISTS: 409,
  DELIVERY_NOT_FOUND: 404,
  HOLD_NOT_FOUND: 404,
  HOLD_NOT_ACTIVE: 409,
  REFUND_EXCEEDS_CHARGE: 409,
  // Idempotency-Key (docs/api/errors.md): the same key with another body is the caller's mistake (Stripe's 422).
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  // A peer refused an argument the edge let through: still the caller's input, never a 500.
  INVALID_ARGUMENT: 422,
  // A path refused as sent (backslash, dot segment, encoded separator): malformed, like the spec's 400s.
  INVALID_PATH: 400,
  INVALID_ADMIN_TOKEN: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_SIGNATURE: 401,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface ErrorEnvelope {
  /** `sid`: the resource a request of unknown outcome concerns (503 only). */
  error: { code: ErrorCode; message: string; sid?: string };
}

export function errorEnvelope(code: ErrorCode, message: string, sid?: string): ErrorEnvelope {
  return { error: { code, message, ...(sid ? { sid } : {}) } };
}

/** Codes without a row (empty when the table is complete); the unit suite asserts it. */
export function codesWithoutStatus(): ErrorCode[] {
  return ERROR_CODES.filter((code) => !(code in HTTP_STATUS));
}
