import { DomainError } from '@otp/platform';
import type { Express, RequestHandler } from 'express';

// Express answers an unknown path and a known path with the wrong method alike (404). To tell
// them apart, the app's routing table is walked for the request path. The router's layers are
// untyped internals; this is the part of their shape used here (router 2.x).
interface RouteShape {
  _methods(): string[];
}
interface LayerShape {
  match(path: string): false | { path: string };
  route?: RouteShape;
  handle: { stack?: LayerShape[] };
}

function collectMethods(stack: readonly LayerShape[], path: string, into: Set<string>): void {
  for (const layer of stack) {
    const matched = layer.match(path);
    if (!matched) continue;
    if (layer.route) {
      for (const method of layer.route._methods()) into.add(method);
    } else if (layer.handle.stack) {
      const rest = path.slice(matched.path.length);
      collectMethods(layer.handle.stack, rest.startsWith('/') ? rest : `/${rest}`, into);
    }
  }
}

/** The methods routed for `path`, e.g. ["GET", "HEAD"]; empty when no route has that path. */
export function allowedMethods(app: Express, path: string): string[] {
  const methods = new Set<string>();
  const router = (app as unknown as { router: { stack: LayerShape[] } }).router;
  collectMethods(router.stack, path, methods);
  return [...methods].sort();
}

/** Last handler: 405 with `Allow` for a known path, 404 NOT_FOUND otherwise (both in the envelope). */
export function unmatchedRoute(app: Express): RequestHandler {
  return (req, res, next) => {
    const allowed = allowedMethods(app, req.path);
    if (allowed.length > 0) {
      res.setHeader('Allow', allowed.join(', '));
      next(
        new DomainError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}; use ${allowed.join(', ')}`),
      );
      return;
    }
    next(new DomainError('NOT_FOUND', `no route for ${req.method} ${req.path}`));
  };
}
