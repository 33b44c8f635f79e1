import { requestPathProblem, type ErrorCode } from '@otp/platform';
import type { RequestHandler } from 'express';

const INVALID_PATH: ErrorCode = 'INVALID_PATH';

/**
 * Mounted first, as at the gateway: a path that has, as sent, a backslash, a dot segment, an
 * encoded separator, NUL or an empty segment is 400 INVALID_PATH before any route reads it.
 */
export const plainPathsOnly: RequestHandler = (req, res, next) => {
  const problem = requestPathProblem(req.originalUrl);
  if (problem) res.status(400).json({ error: { code: INVALID_PATH, message: problem } });
  else next();
};
