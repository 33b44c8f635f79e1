import { DomainError, requestPathProblem } from '@otp/platform';
import type { RequestHandler } from 'express';

/**
 * Mounted before every route and before authentication: a path that has, as sent, a backslash, a
 * dot segment, an encoded separator, NUL, an empty segment or a broken escape is 400 INVALID_PATH.
 * Its shape alone refuses it, so a caller without a key learns nothing from the 400, and no key
 * check, cache or route ever handles a path that could steer a lookup or a forward.
 */
export const plainPathsOnly: RequestHandler = (req, _res, next) => {
  const problem = requestPathProblem(req.originalUrl);
  next(problem ? new DomainError('INVALID_PATH', problem) : undefined);
};
