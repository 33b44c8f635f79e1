import { DomainError } from '@otp/platform';
import express, { type RequestHandler } from 'express';

function hasBody(headers: {
  'content-length'?: string | undefined;
  'transfer-encoding'?: string | undefined;
}): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/**
 * JSON bodies only: a body of another type is 415, an unparsable one 400 INVALID_JSON, one over
 * `limit` 413 (the error handler turns the parser's errors into the envelope).
 */
export function jsonBody(limit: string): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    if (hasBody(req.headers) && !req.is(['application/json', 'application/*+json'])) {
      next(new DomainError('UNSUPPORTED_MEDIA_TYPE', 'request bodies must be JSON (Content-Type: application/json)'));
      return;
    }
    next();
  };
  const limitBytes = /^\d+$/.test(limit) ? Number(limit) : limit;
  return [
    requireJson,
    express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] }),
  ];
}
