// The console's own refusals. Answers keep the platform's envelope: {error: {code, message}}.

export const CONSOLE_ERRORS = {
  UNAUTHENTICATED: 401,
  INVALID_ADMIN_TOKEN: 401,
  FORBIDDEN: 403,
  CSRF_FAILED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  INVALID_REQUEST_BODY: 422,
  INVALID_CREDENTIALS: 401,
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
