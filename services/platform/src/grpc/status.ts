import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { DomainError, isErrorCode, OutcomeUnknown, PeerUnavailable, type ErrorCode } from '../errors.js';

export const DOMAIN_CODE_KEY = 'x-domain-code';
/** The resource an OutcomeUnknown names, beside its domain code. */
export const RESOURCE_SID_KEY = 'x-resource-sid';

// The gRPC status is for gRPC tooling; callers branch on the domain code in the trailer.
const STATUS_BY_CODE: Partial<Record<ErrorCode, status>> = {
  INVALID_MESSAGE_SID: status.INVALID_ARGUMENT,
  INVALID_REQUEST_BODY: status.INVALID_ARGUMENT,
  INVALID_ARGUMENT: status.INVALID_ARGUMENT,
  INVALID_SIGNATURE: status.UNAUTHENTICATED,
  INSUFFICIENT_BALANCE: status.FAILED_PRECONDITION,
  CHANNEL_DISABLED: status.FAILED_PRECONDITION,
  VERIFY_DISABLED: status.FAILED_PRECONDITION,
  VERIFICATION_NOT_PENDING: status.FAILED_PRECONDITION,
  SENDER_ID_REQUIRED: status.FAILED_PRECONDITION,
  SENDER_ID_NOT_APPROVED: status.FAILED_PRECONDITION,
  DESTINATION_NOT_PRICED: status.FAILED_PRECONDITION,
  MESSENGER_REJECTED: status.FAILED_PRECONDITION,
  GEO_PERMISSION_DENIED: status.PERMISSION_DENIED,
  FRAUD_SUSPECTED: status.PERMISSION_DENIED,
  SPEND_LIMIT_REACHED: status.FAILED_PRECONDITION,
  RATE_LIMITED: status.RESOURCE_EXHAUSTED,
  HOLD_NOT_ACTIVE: status.FAILED_PRECONDITION,
  REFUND_EXCEEDS_CHARGE: status.FAILED_PRECONDITION,
  IDEMPOTENCY_KEY_REUSED: status.ALREADY_EXISTS,
  SENDER_ID_EXISTS: status.ALREADY_EXISTS,
  QUEUE_UNAVAILABLE: status.UNAVAILABLE,
  SERVICE_UNAVAILABLE: status.UNAVAILABLE,
};

export function grpcStatusFor(code: ErrorCode): status {
  if (code.endsWith('_NOT_FOUND')) return status.NOT_FOUND;
  return STATUS_BY_CODE[code] ?? status.UNKNOWN;
}

export function toServiceError(error: DomainError): Partial<ServiceError> {
  const metadata = new Metadata();
  metadata.set(DOMAIN_CODE_KEY, error.code);
  // A domain error is the peer's answer, not a transport failure: the client's automatic retry
  // (for UNAVAILABLE) must not repeat it. A QUEUE_UNAVAILABLE after a full queue timeout, retried,
  // would keep the caller past its own deadline and save a second unsent message.
  metadata.set('grpc-retry-pushback-ms', '-1');
  if (error instanceof OutcomeUnknown) metadata.set(RESOURCE_SID_KEY, error.sid);
  return { code: grpcStatusFor(error.code), details: error.message, metadata };
}

/**
 * This service's database could not be used (`databaseUnavailable`): UNAVAILABLE with no domain
 * code, so the caller sees the peer as unavailable and the outcome as unknown (a change may have
 * committed before the connection went), and answers 503. No automatic retry: the caller's own
 * retry (its request key) decides, as after a peer that did not answer.
 */
export function databaseUnavailableStatus(): Partial<ServiceError> {
  const metadata = new Metadata();
  metadata.set('grpc-retry-pushback-ms', '-1');
  return { code: status.UNAVAILABLE, details: 'database unavailable', metadata };
}

/**
 * A stream the transport reset before the peer answered: grpc-js reports a connection cut under a
 * call (a peer killed mid-request: `read ECONNRESET`) as INTERNAL "Received RST_STREAM with code
 * 2", not as UNAVAILABLE. No peer code ran to an answer, so it is the peer being unavailable.
 */
function streamReset(error: ServiceError): boolean {
  return error.code === status.INTERNAL && /^Received RST_STREAM\b/.test(error.details ?? '');
}

/**
 * Turns a failed call back into a DomainError: the trailer's code when the peer sent one,
 * SERVICE_UNAVAILABLE when the peer could not be reached, did not answer in time, or its stream
 * was reset under the call. Anything else stays as it is (a bug, answered as 500 at the edge).
 */
export function fromServiceError(error: ServiceError, method: string): Error {
  const code = error.metadata?.get(DOMAIN_CODE_KEY)[0];
  const sid = error.metadata?.get(RESOURCE_SID_KEY)[0];
  if (code === 'SERVICE_UNAVAILABLE' && typeof sid === 'string' && sid) return new OutcomeUnknown(error.details, sid);
  if (typeof code === 'string' && isErrorCode(code)) return new DomainError(code, error.details);
  if (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED || streamReset(error)) {
    return new PeerUnavailable(`${method}: ${error.details || 'peer unavailable'}`);
  }
  return error;
}
