import { randomUUID } from 'node:crypto';
import { runWithRequestContext } from '@otp/platform';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

// An incoming id is kept only when it is short and plain, so it is safe in logs and headers.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ids = new WeakMap<Request, string>();

export function requestIdOf(req: Request): string {
  return ids.get(req) ?? '';
}

/** First middleware: picks the request id and echoes it as `x-request-id`. */
export const assignRequestId: RequestHandler = (req, res, next) => {
  const incoming = req.get('x-request-id');
  const id = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  ids.set(req, id);
  res.setHeader('x-request-id', id);
  next();
};

/**
 * Runs the rest of the request inside the request context (log lines and gRPC metadata carry
 * the id). Mounted after body parsing: the body stream's callbacks would drop the context.
 */
export function withRequestContext(req: Request, _res: Response, next: NextFunction): void {
  runWithRequestContext({ requestId: requestIdOf(req) }, () => next());
}
