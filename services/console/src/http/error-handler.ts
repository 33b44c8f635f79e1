import type { Logger } from '@otp/platform';
import type { ErrorRequestHandler } from 'express';
import { AdminAnswerError, AdminApiUnavailable } from '../admin-api/client.js';
import { ConsoleError } from './errors.js';

interface ParserError {
  status: number;
  type: string;
}

function isParserError(error: unknown): error is ParserError {
  return typeof error === 'object' && error !== null && typeof (error as ParserError).status === 'number';
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
      res.status(400).json(envelope('INVALID_JSON', 'request body is not valid JSON'));
    } else {
      logger.error({ err: error }, 'request failed');
      res.status(500).json(envelope('INTERNAL', 'internal error'));
    }
  };
}
