import type { ErrorCode } from '@otp/platform';

/**
 * What each error code means to a client, for the OpenAPI documents. Typed over every ErrorCode
 * (like HTTP_STATUS), so a new code cannot reach the API without a line here: the per-operation
 * error lists of both documents are built from this table and HTTP_STATUS.
 */
/**
 * What the abuse defence may answer to any send or start (public/guard.ts asks guard; the spend
 * cap is Billing's): one list, so every creating operation documents the same refusals.
 */
export const ABUSE_REFUSALS = [
  'GEO_PERMISSION_DENIED',
  'FRAUD_SUSPECTED',
  'SPEND_LIMIT_REACHED',
  'RATE_LIMITED',
] as const satisfies readonly ErrorCode[];

export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  INVALID_MESSAGE_SID: 'The sid lacks its prefix and 24 hex characters.',
  INVALID_JSON: 'The body is not valid JSON.',
  MISSING_API_KEY: 'No API key sent (Authorization: Bearer <API key>).',
  INVALID_API_KEY: 'The API key is not valid (unknown, revoked, or not an otp_live_ key).',
  INSUFFICIENT_BALANCE: 'The balance does not cover the send (and the Verify fee). Nothing was charged.',
  IP_NOT_ALLOWED: "The project's IP allowlist is on and the caller's address is not in it.",
  GEO_PERMISSION_DENIED:
    "The destination's country is not in the project's allowed_countries (fraud settings). Nothing was charged.",
  RATE_LIMITED:
    'A velocity limit was reached (starts per number, pending verifications per number, starts per end-user IP, or ' +
    'requests per second per project). Retry-After says when to try again. Nothing was charged.',
  FRAUD_SUSPECTED:
    'The destination prefix is blocked by the SMS pumping detector (GET /admin/v1/projects/{id}/fraud/blocks). ' +
    'Nothing was charged.',
  SPEND_LIMIT_REACHED:
    "The send would take today's spend (UTC) past the project's daily_spend_limit. Nothing was charged.",
  CHANNEL_DISABLED: 'The SMS or messenger channel is turned off for the project.',
  VERIFY_DISABLED: 'Verify is turned off for the project.',
  VERIFICATION_NOT_FOUND: 'No verification with this sid in the project.',
  VERIFICATION_NOT_PENDING: 'The verification is approved, expired or failed: start a new one.',
  INVALID_REQUEST_BODY: 'A field (or header, or query parameter) is missing or invalid; the message names each.',
  SENDER_ID_REQUIRED: 'No `from` and no approved default sender ID.',
  SENDER_ID_NOT_APPROVED: '`from` is not an approved sender ID of the project.',
  DESTINATION_NOT_PRICED: 'The destination country has no SMS price.',
  MESSENGER_REJECTED: 'The messenger refused the code (no account for the number); not charged.',
  QUEUE_UNAVAILABLE: 'The SMS could not be queued (saved as enqueue_failed, nothing charged): send again.',
  MESSAGE_NOT_FOUND: 'No message with this sid in the project.',
  PROJECT_NOT_FOUND: 'No such project.',
  API_KEY_NOT_FOUND: 'No active API key with this id in the project.',
  SENDER_ID_NOT_FOUND: 'The project has no such sender ID.',
  SENDER_ID_EXISTS: 'The sender ID is already registered (in any casing).',
  DELIVERY_NOT_FOUND: 'No webhook delivery with this id in the project.',
  HOLD_NOT_FOUND: 'Internal to Billing; never answered by the HTTP APIs.',
  HOLD_NOT_ACTIVE: 'Internal to Billing; never answered by the HTTP APIs.',
  REFUND_EXCEEDS_CHARGE: 'Internal to Billing; never answered by the HTTP APIs.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was used with another body or route.',
  IDEMPOTENCY_KEY_IN_USE: 'A request with this Idempotency-Key is still running: retry later with the same key.',
  INVALID_ARGUMENT: 'A value the edge let through was refused by the service behind it (or a NUL in the query).',
  INVALID_PATH:
    'The path as sent has a backslash, a dot segment, an encoded / or \\, NUL, an empty segment or a broken ' +
    'escape (also encoded twice); refused before authentication.',
  INVALID_ADMIN_TOKEN: 'The admin token is missing or wrong.',
  NOT_FOUND: 'No such route.',
  METHOD_NOT_ALLOWED: 'The path exists but not with this method; the Allow header lists the methods.',
  PAYLOAD_TOO_LARGE: 'The body is larger than the limit (BODY_LIMIT, 64 KB by default).',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not application/json.',
  INVALID_SIGNATURE: 'A provider report with a missing or wrong signature.',
  SERVICE_UNAVAILABLE:
    'At capacity (nothing was started), or a service behind the gateway did not answer: retry after ' +
    'Retry-After seconds, with the same Idempotency-Key. With error.sid, the outcome is not known yet: the ' +
    'request made that resource and it may have been sent (nothing was refunded); the retry answers its outcome.',
  INTERNAL: 'A bug; the message is generic and the details are only in the log.',
};
