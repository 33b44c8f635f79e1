import { requestPathProblem } from '@otp/platform';
import { Router, type RequestHandler } from 'express';
import { PATH_PARAMS, pathParamProblem } from '../domain/path-params.js';
import { ConsoleError } from './errors.js';

// Paths as the console takes them: the request target judged as sent, before any router decodes
// it, and every path parameter checked against its own shape before a route (or its role check)
// runs. The routers under /api are checkedRouter()s; consoleApiRoutes() proves it at start.

/** Refuses a request whose path, as sent, has a backslash, a dot segment or an encoded separator. */
export function requestPathCheck(): RequestHandler {
  return (req, _res, next) => {
    const problem = requestPathProblem(req.originalUrl);
    if (problem) throw new ConsoleError('INVALID_PATH', problem);
    next();
  };
}

/** A Router that refuses (400) a path parameter of another shape than its own. */
export function checkedRouter(): Router {
  const router = Router();
  for (const name of Object.keys(PATH_PARAMS)) {
    router.param(name, (_req, _res, next, value: string) => {
      const problem = pathParamProblem(name, value);
      next(problem ? new ConsoleError('INVALID_ARGUMENT', problem) : undefined);
    });
  }
  return router;
}
