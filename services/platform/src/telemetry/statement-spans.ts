import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import {
  ATTR_DB_NAMESPACE,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_SUMMARY,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import pg from 'pg';

// A client span for each statement sent to Postgres, made only inside a sampled trace.
//
// Why not @opentelemetry/instrumentation-pg: it builds a span, its attributes and a bound
// callback for every statement under any parent span, sampled or not, and at the production
// ratio (0.2) four statements in five belong to unsampled requests (its cost under tracing is in
// docs/performance.md). Every statement of every service goes through
// `pg.Client.prototype.query` (Prisma's adapter runs on node-postgres too), so one patch there
// covers the named hot-path statements and Prisma's alike. Values are never recorded: the text
// has `$n` parameters.

type QueryArgument = string | { text?: string; name?: string; submit?: unknown };
type Callback = (error: Error | null, result?: unknown) => void;

const tracer = trace.getTracer('@otp/platform/statements');
let patched = false;

/** The first keyword (SELECT, INSERT, WITH, BEGIN...): the operation a statement's span and metric are named by. */
export function operationOf(text: string): string {
  const match = /^\s*([A-Za-z]+)/.exec(text);
  return match ? match[1]!.toUpperCase() : 'QUERY';
}

function startStatementSpan(client: pg.Client, query: QueryArgument): Span | undefined {
  const text = typeof query === 'string' ? query : query.text;
  if (text === undefined) return undefined;
  const operation = operationOf(text);
  const name = typeof query === 'string' ? undefined : query.name;
  // A named statement is the summary a reader searches for (`billing_hold_captured`).
  const summary = name ? `${operation} ${name}` : operation;
  return tracer.startSpan(summary, {
    kind: SpanKind.CLIENT,
    attributes: {
      [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
      [ATTR_DB_OPERATION_NAME]: operation,
      [ATTR_DB_QUERY_SUMMARY]: summary,
      [ATTR_DB_QUERY_TEXT]: text,
      [ATTR_DB_NAMESPACE]: client.database ?? '',
      [ATTR_SERVER_ADDRESS]: client.host ?? '',
      [ATTR_SERVER_PORT]: client.port ?? 0,
    },
  });
}

function endStatementSpan(span: Span, error: unknown): void {
  if (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    span.recordException(failure);
    span.setAttribute(ATTR_ERROR_TYPE, (failure as { code?: string }).code ?? failure.name);
    span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
  }
  span.end();
}

/** Patches node-postgres once; statements outside a sampled span cost one context lookup. */
export function traceStatements(): void {
  if (patched) return;
  patched = true;
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function tracedQuery(this: pg.Client, ...args: unknown[]) {
    const parent = trace.getSpan(context.active());
    const first = args[0] as QueryArgument;
    // Unsampled (or no trace at all), or a submittable (a cursor or stream, which we do not use).
    if (!parent?.isRecording() || (typeof first === 'object' && typeof first.submit === 'function')) {
      return query.apply(this, args);
    }
    const span = startStatementSpan(this, first);
    if (!span) return query.apply(this, args);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback;
      args[last] = (error: Error | null, result?: unknown) => {
        endStatementSpan(span, error);
        callback(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown>;
    result.then(
      () => endStatementSpan(span, undefined),
      (error: unknown) => endStatementSpan(span, error),
    );
    return result;
  } as typeof pg.Client.prototype.query;
}
