import type { Attributes, Histogram } from '@opentelemetry/api';
import {
  ATTR_DB_NAMESPACE,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
  METRIC_DB_CLIENT_OPERATION_DURATION,
} from '@opentelemetry/semantic-conventions';
import pg from 'pg';
import { DURATION_BUCKETS, meter } from './metrics.js';
import { operationOf } from './statement-spans.js';

// `db.client.operation.duration`: every statement this process sends to Postgres, over every pool
// (Prisma's adapter runs on node-postgres too), BEGIN and COMMIT included, timed. Its count is
// what `npm run bench` divides by the operations it ran. One patch of pg.Client.prototype.query,
// installed by the metrics set-up only: a process without metrics pays nothing.

type QueryArgument =
  string | { text?: string; submit?: unknown; once?: (event: string, fn: (error?: unknown) => void) => void };
type Callback = (error: Error | null, result?: unknown) => void;

let patched = false;

function attributesOf(client: pg.Client, query: QueryArgument, error: unknown): Attributes {
  const text = typeof query === 'string' ? query : (query.text ?? '');
  const attributes: Attributes = {
    [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
    [ATTR_DB_NAMESPACE]: client.database ?? '',
    [ATTR_DB_OPERATION_NAME]: operationOf(text),
  };
  if (error) {
    // The SQLSTATE when Postgres answered, else the error's class (a broken connection).
    const code = (error as { code?: unknown }).code;
    attributes[ATTR_ERROR_TYPE] = typeof code === 'string' ? code : error instanceof Error ? error.name : 'Error';
  }
  return attributes;
}

/** Patches node-postgres once; from then on every statement is timed into the histogram. */
export function recordStatements(): void {
  if (patched) return;
  patched = true;
  const histogram: Histogram = meter().createHistogram(METRIC_DB_CLIENT_OPERATION_DURATION, {
    description: 'Statements sent to Postgres by this process, every pool, BEGIN and COMMIT included',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const first = args[0] as QueryArgument;
    const done = (error: unknown) =>
      histogram.record((performance.now() - started) / 1000, attributesOf(this, first, error));
    // A submittable (cursor, stream) reports its end by events.
    if (typeof first === 'object' && typeof first.submit === 'function') {
      first.once?.('end', () => done(undefined));
      first.once?.('error', (error) => done(error ?? new Error('statement failed')));
      return query.apply(this, args);
    }
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback;
      args[last] = (error: Error | null, result?: unknown) => {
        done(error);
        callback(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown>;
    result.then(
      () => done(undefined),
      (error: unknown) => done(error),
    );
    return result;
  } as typeof pg.Client.prototype.query;
}
