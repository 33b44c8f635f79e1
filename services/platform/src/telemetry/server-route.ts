// The route template of the request being answered (`/v1/verifications/:sid/check`, never the
// path with its sid) names the HTTP server span and labels its duration metric, as the express
// instrumentation did without its cost (statement-spans.ts says why it is gone). Tracing installs
// the recorder (sdk.ts); in a process without tracing the middleware only calls next().

/** What the middleware reads of an express request and response, without depending on express. */
interface RoutedRequest {
  baseUrl: string;
  route?: { path?: unknown };
}
interface FinishingResponse {
  once(event: 'finish', listener: () => void): unknown;
}

type RouteRecorder = (route: string) => void;
let recorder: RouteRecorder | undefined;

/** Called by the tracing set-up: how a route reaches the active server span. */
export function setServerRouteRecorder(next: RouteRecorder | undefined): void {
  recorder = next;
}

/** The matched route, mount path included; undefined when no route answered (a 404). */
export function serverRoute(req: RoutedRequest): string | undefined {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : undefined;
}

/**
 * Express middleware, mounted first: once the response is sent, the route that answered names the
 * server span. The response's listeners run in the request's trace context (the HTTP
 * instrumentation binds them), so the recorder finds the right span.
 */
export function recordServerRoute() {
  return (req: RoutedRequest, res: FinishingResponse, next: () => void): void => {
    const record = recorder;
    if (record) {
      res.once('finish', () => {
        const route = serverRoute(req);
        if (route) record(route);
      });
    }
    next();
  };
}
