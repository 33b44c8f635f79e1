import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, it } from '@jest/globals';
import { context, SpanStatusCode, trace, TraceFlags, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { freshDatabase } from '@otp/test/infra';
import type pg from 'pg';
import { schemaPool } from '../src/db/postgres.js';
import { poolRunner } from '../src/db/statements.js';
import { traceStatements } from '../src/telemetry/statement-spans.js';

// Statement spans (real Postgres): a statement inside a sampled trace gets a client span that
// names it and never carries its values; a statement of an unsampled request, or outside any
// trace, costs no span at all, which is what keeps tracing at ratio 0.2 cheap.

const exporter = new InMemorySpanExporter();
const contextManager = new AsyncLocalStorageContextManager();
let provider: BasicTracerProvider;
let tracer: Tracer;
let pool: pg.Pool;

const SECRET_VALUE = 'value-that-must-not-be-recorded';

describe('statement spans (real Postgres)', () => {
  beforeAll(async () => {
    context.setGlobalContextManager(contextManager.enable());
    provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    tracer = provider.getTracer('statement-spans-test');
    trace.setGlobalTracerProvider(provider);
    traceStatements();
    pool = schemaPool(await freshDatabase(), 'public');
  });
  afterAll(async () => {
    await pool?.end();
    await provider?.shutdown();
    trace.disable();
    context.disable();
  });
  beforeEach(() => exporter.reset());

  it('a named statement in a sampled trace is one client span under the request, without its values', async () => {
    const runner = poolRunner(pool);
    const parent = tracer.startSpan('request');
    await context.with(trace.setSpan(context.active(), parent), () =>
      runner.rows({ name: 'statement_spans_echo', text: 'SELECT $1::text AS echoed' }, [SECRET_VALUE]),
    );
    parent.end();
    const statement = exporter.getFinishedSpans().find((span) => span.name !== 'request');
    assert.ok(statement, 'a span for the statement');
    assert.equal(statement.name, 'SELECT statement_spans_echo');
    assert.equal(statement.parentSpanContext?.spanId, parent.spanContext().spanId);
    assert.equal(statement.attributes['db.system.name'], 'postgresql');
    assert.equal(statement.attributes['db.query.text'], 'SELECT $1::text AS echoed');
    assert.ok(!JSON.stringify(statement.attributes).includes(SECRET_VALUE), 'no bound value in the span');
  });

  it('a failing statement ends its span with the error status and the Postgres error code', async () => {
    // A checked-out client answers with a promise (as Prisma's adapter uses it); the pool, above,
    // with a callback.
    const client = await pool.connect();
    const parent = tracer.startSpan('request');
    try {
      await context.with(trace.setSpan(context.active(), parent), () =>
        assert.rejects(client.query('SELECT * FROM no_such_table_here')),
      );
    } finally {
      client.release();
      parent.end();
    }
    const statement = exporter.getFinishedSpans().find((span) => span.name === 'SELECT');
    assert.ok(statement, 'a span for the failed statement');
    assert.equal(statement.status.code, SpanStatusCode.ERROR);
    assert.equal(statement.attributes['error.type'], '42P01');
  });

  it('statements of an unsampled request, or outside any trace, make no span', async () => {
    const unsampled = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.NONE,
    });
    const answer = await context.with(trace.setSpan(context.active(), unsampled), () =>
      pool.query<{ one: number }>('SELECT 1 AS one'),
    );
    assert.equal(answer.rows[0]!.one, 1, 'the statement still runs');
    await pool.query('SELECT 2');
    assert.deepEqual(exporter.getFinishedSpans(), []);
  });
});
