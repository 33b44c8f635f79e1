// The route template of the request being answered (`/v1/verifications/:sid/check`, never the
// path with its sid) names the HTTP server span and labels its duration metric, as the express
// instrumentation did without its cost (statement-spans.ts says why it is gone). Tracing installs
// the span's recorder (sdk.ts), the metrics endpoint the metric's (metrics-endpoint.ts); in a
// process with neither the middleware only calls next().

/** What the middleware reads of an express request and response, without depending on express. */
interface RoutedRequest {
  baseUrl: string;
  method: string;
  route?: { path?: unknown };
}
interface FinishingResponse {
  statusCode: number;
  once(event: 'finish', listener: () => void): unknown;
}

type RouteRecorder = (route: string) => void;
let recorder: RouteRecorder | undefined;

/** One answered request as the metric keeps it: its route template (`UNMATCHED_ROUTE` for a 404). */
export type ServedRequestRecorder = (route: string, method: string, status: number, seconds: number) => void;
let servedRecorder: ServedRequestRecorder | undefined;

/** The route label of a request no route answered: the raw path would give every sid its own series. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Called by the tracing set-up: how a route reaches the active server span. */
export function setServerRouteRecorder(next: RouteRecorder | undefined): void {
  recorder = next;
}

/** Called by the metrics endpoint: how an answered request reaches the HTTP duration metric. */
export function setServedRequestRecorder(next: ServedRequestRecorder | undefined): void {
  servedRecorder = next;
}

/** The matched route, mount path included; undefined when no route answered (a 404). */
export function serverRoute(req: RoutedRequest): string | undefined {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : undefined;
}

/**
 * Express middleware, mounted first: once the response is sent, the route that answered names the
 * server span and labels the request's duration. The response's listeners run in the request's
 * trace context (the HTTP instrumentation binds them), so the recorder finds the right span.
 */
export function recordServerRoute() {
  return (req: RoutedRequest, res: FinishingResponse, next: () => void): void => {
    const record = recorder;
    const served = servedRecorder;
    if (record || served) {
      const started = served ? performance.now() : 0;
      res.once('finish', () => {
        const route = serverRoute(req);
        if (route) record?.(route);
        served?.(route ?? UNMATCHED_ROUTE, req.method, res.statusCode, (performance.now() - started) / 1000);
      });
    }
    next();
  };
}
