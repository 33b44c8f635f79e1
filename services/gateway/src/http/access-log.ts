import type { Logger } from '@otp/platform';
import type { RequestHandler } from 'express';
import { requestIdOf } from './request-id.js';

/**
 * One line per answered request. The path only (no query string, no headers), so neither API
 * keys nor customer data reach the log.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      logger.info(
        {
          request_id: requestIdOf(req),
          method: req.method,
          path: req.path,
          status: res.statusCode,
          duration_ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        },
        'request',
      );
    });
    next();
  };
}
