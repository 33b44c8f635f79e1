// The console's own refusals. Answers keep the platform's envelope: {error: {code, message}}.

export const CONSOLE_ERRORS = {
  /** A request path with a backslash, a dot segment or an encoded separator (as sent). */
  INVALID_PATH: 400,
  /** A path parameter of another shape than its own (a project id, a key id, a sid, ...). */
  INVALID_ARGUMENT: 400,
  /** A body that is not JSON, or that its Content-Encoding cannot decode (the gateway's code too). */
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_ADMIN_TOKEN: 401,
  FORBIDDEN: 403,
  /** An operator without a second factor: only enrolment, the session and sign-out answer. */
  SECOND_FACTOR_REQUIRED: 403,
  CSRF_FAILED: 403,
  NOT_FOUND: 404,
  /** Another tenant's project answers as one that does not exist (the admin API's code too). */
  PROJECT_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_REQUEST_BODY: 422,
  INVALID_CREDENTIALS: 401,
  /** A wrong, used or malformed second-factor code. */
  INVALID_CODE: 401,
  /** The step between password and code took too long, or its token is not the console's. */
  SIGN_IN_EXPIRED: 401,
  /** Confirming an enrolment that was never started (or was confirmed already). */
  NO_ENROLMENT: 409,
  TOO_MANY_ATTEMPTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ConsoleErrorCode = keyof typeof CONSOLE_ERRORS;

export class ConsoleError extends Error {
  override readonly name = 'ConsoleError';
  constructor(
    readonly code: ConsoleErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return CONSOLE_ERRORS[this.code];
  }
}
