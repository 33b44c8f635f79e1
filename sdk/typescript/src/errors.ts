import type { ErrorCode } from './types.js';

/** What an error answer said besides its status, code and message. */
export interface OtpApiErrorDetails {
  /** The `x-request-id` of the answer: quote it when asking the operator. */
  requestId?: string | undefined;
  /** Seconds from `Retry-After`, when the answer carried it. */
  retryAfterSeconds?: number | undefined;
  /** The field a validation error is about (`error.param`, e.g. `to` or `metadata.user`). */
  param?: string | undefined;
}

/** The API answered with an error envelope (or a non-JSON error): `code` is the spec's. */
export class OtpApiError extends Error {
  override readonly name = 'OtpApiError';
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly param: string | undefined;
  constructor(
    /** HTTP status, e.g. 422. */
    readonly status: number,
    /** The envelope's stable code, e.g. "INVALID_REQUEST_BODY"; "UNKNOWN" when the answer had none. */
    readonly code: ErrorCode | 'UNKNOWN',
    message: string,
    details: OtpApiErrorDetails = {},
  ) {
    super(message);
    this.requestId = details.requestId;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.param = details.param;
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
