import {
  databaseUnavailable,
  isDomainError,
  OutcomeUnknown,
  RateLimited,
  type ErrorCode,
  type Logger,
} from '@otp/platform';
import type { ErrorRequestHandler } from 'express';
import { errorEnvelope, HTTP_STATUS } from './errors.js';

// body-parser failures are http-errors (a status and `expose`); they are the client's doing. Most
// carry a `type`; a body its Content-Encoding cannot decode (corrupt gzip, deflate or br) is zlib's
// own error with only the status added, and is no more a bug than invalid JSON.
interface ParserError {
  status: number;
  expose: boolean;
  type?: unknown;
}

function isParserError(error: unknown): error is ParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ParserError).status === 'number' &&
    typeof (error as ParserError).expose === 'boolean'
  );
}

function parserErrorCode(error: ParserError): { code: ErrorCode; message: string } {
  if (error.status === 413) return { code: 'PAYLOAD_TOO_LARGE', message: 'request body is too large' };
  if (error.type === 'encoding.unsupported')
    return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'unsupported Content-Encoding (use gzip, deflate, br or none)' };
  if (error.status === 415) return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'unsupported body charset' };
  if (error.type === undefined)
    return { code: 'INVALID_JSON', message: 'request body could not be decoded by its Content-Encoding' };
  return { code: 'INVALID_JSON', message: 'request body is not valid JSON' };
}

const RETRY_AFTER_SECONDS = '1';

/** The error envelope for every failure; a 500 says nothing but "internal error" and is logged. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let failure: { code: ErrorCode; message: string };
    if (isDomainError(error)) failure = { code: error.code, message: error.message };
    else if (isParserError(error) && error.status < 500) failure = parserErrorCode(error);
    // The router could not percent-decode a path parameter: a backstop, plainPathsOnly refuses such
    // paths before routing.
    else if (error instanceof URIError) failure = { code: 'NOT_FOUND', message: 'malformed path' };
    // The gateway's own database refused or dropped the connection: retry later, not a bug.
    else if (databaseUnavailable(error)) {
      logger.warn({ err: error }, 'request failed: database unavailable');
      failure = { code: 'SERVICE_UNAVAILABLE', message: 'database unavailable' };
    } else {
      logger.error({ err: error }, 'request failed');
      failure = { code: 'INTERNAL', message: 'internal error' };
    }
    const status = HTTP_STATUS[failure.code];
    if (status >= 500 && failure.code !== 'INTERNAL')
      logger.warn({ code: failure.code, reason: failure.message }, 'request failed');
    // Peer failures name the RPC in their message; the caller only needs to know to retry. An
    // outcome not known yet names its resource: a retry with the same key answers the outcome.
    const unknown = error instanceof OutcomeUnknown ? error : undefined;
    const message = unknown
      ? `the outcome of this request is not known yet (${unknown.sid}): retry with the same Idempotency-Key`
      : failure.code === 'SERVICE_UNAVAILABLE'
        ? 'a required service is unavailable, retry later'
        : failure.message;
    // Every 503 is "retry later": say when, so clients and proxies back off instead of hammering.
    if (status === 503) res.set('Retry-After', RETRY_AFTER_SECONDS);
    if (error instanceof RateLimited) res.set('Retry-After', String(error.retryAfterSeconds));
    res.status(status).json(errorEnvelope(failure.code, message, unknown?.sid));
  };
}
