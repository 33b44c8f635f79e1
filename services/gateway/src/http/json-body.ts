import { DomainError } from '@otp/platform';
import express, { type RequestHandler } from 'express';
import { hostileInputProblem } from '../domain/hostile-input.js';

function hasBody(headers: {
  'content-length'?: string | undefined;
  'transfer-encoding'?: string | undefined;
}): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/**
 * JSON bodies only: a body of another type is 415, an unparsable one 400 INVALID_JSON, one over
 * `limit` 413 (the error handler turns the parser's errors into the envelope), and one carrying
 * what no route accepts (NUL, unpaired surrogates, `__proto__`, absurd depth or breadth) 422
 * naming the field, before any route sees it. A NUL in the query is refused too: no query
 * parameter of ours can hold one (one in the path is plainPathsOnly's).
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
  const refuseHostile: RequestHandler = (req, _res, next) => {
    const at = req.originalUrl.indexOf('?');
    const query = at >= 0 ? req.originalUrl.slice(at + 1) : '';
    if (/%00/i.test(query)) {
      next(new DomainError('INVALID_ARGUMENT', 'query: must not contain NUL characters'));
      return;
    }
    const problem = hostileInputProblem(req.body);
    next(problem ? new DomainError('INVALID_REQUEST_BODY', problem) : undefined);
  };
  return [
    requireJson,
    express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] }),
    refuseHostile,
  ];
}
