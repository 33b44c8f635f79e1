import type { ErrorCode } from './types.js';

/** The API answered with an error envelope (or a non-JSON error): `code` is the spec's. */
export class OtpApiError extends Error {
  override readonly name = 'OtpApiError';
  constructor(
    /** HTTP status, e.g. 422. */
    readonly status: number,
    /** The envelope's stable code, e.g. "INVALID_REQUEST_BODY"; "UNKNOWN" when the answer had none. */
    readonly code: ErrorCode | 'UNKNOWN',
    message: string,
    /** The `x-request-id` of the answer: quote it when asking the operator. */
    readonly requestId: string | undefined,
    /** Seconds from `Retry-After`, when the answer carried it. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
  }
}

/** No answer: the request may or may not have taken effect (retried calls carry one Idempotency-Key). */
export class OtpNetworkError extends Error {
  override readonly name = 'OtpNetworkError';
}

/** A webhook whose signature or timestamp does not verify: answer it with 400 and drop it. */
export class OtpWebhookError extends Error {
  override readonly name = 'OtpWebhookError';
}
