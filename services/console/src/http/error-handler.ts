import type { Logger } from '@otp/platform';
import type { ErrorRequestHandler } from 'express';
import { AdminAnswerError, AdminApiUnavailable } from '../admin-api/client.js';
import { ConsoleError, type ConsoleErrorCode } from './errors.js';

/** What body-parser's errors carry (http-errors): a client status and, mostly, a type. */
interface ParserError {
  status: number;
  type?: string;
}

function isParserError(error: unknown): error is ParserError {
  return typeof error === 'object' && error !== null && typeof (error as ParserError).status === 'number';
}

/**
 * A body the parser could not take, as the console's own refusal, with the gateway's codes. A
 * decompression failure (a Content-Encoding that does not match the bytes) has no type of its
 * own: like a body that is not JSON, it is the client's, 400.
 */
function bodyRefusal(error: ParserError): ConsoleError {
  const refusals = new Map<string | undefined, [ConsoleErrorCode, string]>([
    ['entity.parse.failed', ['INVALID_JSON', 'request body is not valid JSON']],
    ['entity.too.large', ['PAYLOAD_TOO_LARGE', 'request body is too large']],
    ['encoding.unsupported', ['UNSUPPORTED_MEDIA_TYPE', 'send the body plain, or as gzip, deflate or br']],
    ['charset.unsupported', ['UNSUPPORTED_MEDIA_TYPE', 'send the body as UTF-8 JSON']],
  ]);
  const [code, message] = refusals.get(error.type) ?? [
    'INVALID_JSON',
    'request body could not be decoded: does its Content-Encoding match it?',
  ];
  return new ConsoleError(code, message);
}

function envelope(code: string, message: string) {
  return { error: { code, message } };
}

/** Client mistakes keep their 4xx; only our own failures are 5xx, and say nothing inside. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof ConsoleError) {
      if (error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
      res.status(error.status).json(envelope(error.code, error.message));
    } else if (error instanceof AdminAnswerError) {
      res.status(error.answer.status >= 500 ? 502 : error.answer.status).json(error.answer.body);
    } else if (error instanceof AdminApiUnavailable) {
      logger.warn({ reason: error.message }, 'admin API unavailable');
      res
        .set('Retry-After', '1')
        .status(503)
        .json(envelope('SERVICE_UNAVAILABLE', 'the platform is unavailable, retry later'));
    } else if (isParserError(error) && error.status < 500) {
      const refusal = bodyRefusal(error);
      res.status(refusal.status).json(envelope(refusal.code, refusal.message));
    } else {
      logger.error({ err: error }, 'request failed');
      res.status(500).json(envelope('INTERNAL', 'internal error'));
    }
  };
}
