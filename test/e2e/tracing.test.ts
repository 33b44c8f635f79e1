import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { ServiceName } from '@otp/platform/launcher';
import {
  eventually,
  startTestPlatform,
  startTraceCollector,
  type CollectedSpan,
  type TestPlatform,
  type TraceCollector,
} from '@otp/test/infra';

// One request, one trace: every service exports spans (OTLP/HTTP) to an in-memory collector, and
// the spans of a single POST must form one connected tree across the processes that handled it.
// Then the standard OTEL_* variables: a sampler that keeps no new trace but follows a sampled
// caller, and a part with OTEL_SDK_DISABLED=true that exports nothing though an endpoint is set.

const SERVICES: ServiceName[] = ['sandbox', 'billing', 'sms', 'messenger', 'verify', 'webhook-dispatcher', 'gateway'];

let collector: TraceCollector;
let platform: TestPlatform;
let receiver: Server;
let receiverUrl: string;
let received = 0;

function traceOf(spans: CollectedSpan[], traceId: string): CollectedSpan[] {
  return spans.filter((span) => span.traceId === traceId);
}

/** The trace of the gateway's server span for `METHOD path-prefix`. */
function requestTrace(method: string, path: string): string | undefined {
  const server = collector
    .spans()
    .find(
      (span) =>
        span.service === 'gateway' &&
        span.kind === 2 &&
        (span.attributes['http.request.method'] ?? span.attributes['http.method'] ?? span.name).startsWith(method) &&
        [span.name, span.attributes['http.route'], span.attributes['url.path'], span.attributes['http.target']].some(
          (v) => v?.includes(path),
        ),
    );
  return server?.traceId;
}

/** A client span for a Postgres statement. */
function isStatement(span: CollectedSpan): boolean {
  return span.kind === 3 && span.attributes['db.system.name'] === 'postgresql';
}

/** Every span's parent is in the trace: exporters batch, so a trace arrives in pieces. */
function connected(spans: CollectedSpan[]): boolean {
  const ids = new Set(spans.map((span) => span.spanId));
  return spans.every((span) => !span.parentSpanId || ids.has(span.parentSpanId));
}

function assertConnected(spans: CollectedSpan[]): void {
  const ids = new Set(spans.map((span) => span.spanId));
  const roots = spans.filter((span) => !span.parentSpanId);
  assert.equal(roots.length, 1, `one root span, got ${roots.map((r) => `${r.service}:${r.name}`).join(', ')}`);
  const orphans = spans.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId));
  assert.deepEqual(
    orphans.map((span) => `${span.service}:${span.name}`),
    [],
    'every span has its parent in the same trace',
  );
}

describe('tracing across services (real processes exporting OTLP)', () => {
  beforeAll(async () => {
    collector = await startTraceCollector();
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received += 1;
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    platform = await startTestPlatform({
      only: SERVICES,
      env: Object.fromEntries(SERVICES.map((name) => [name, otel])),
    });
  });
  afterAll(async () => {
    await platform?.stop();
    await collector?.stop();
    receiver?.close();
  });

  it('one POST /v1/verifications is one connected trace: gateway, verify, billing, messenger, dispatcher', async () => {
    const project = await platform.newProject();
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'TraceCo', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/TraceCo/approve`);
    await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'TraceCo' });

    const started = await project.api.post<{ sid: string }>('/verifications', { to: '+447700123456' });
    assert.equal(started.status, 201, started.text);

    const wanted = ['gateway', 'verify', 'billing', 'messenger', 'webhook-dispatcher'];
    const spans = await eventually(
      async () => {
        const traceId = requestTrace('POST', '/v1/verifications');
        return traceId ? traceOf(collector.spans(), traceId) : [];
      },
      (found) =>
        wanted.every((service) => found.some((span) => span.service === service)) &&
        ['verify', 'billing'].every((service) => found.some((span) => span.service === service && isStatement(span))) &&
        connected(found),
      { timeoutMs: 20000, what: `spans from ${wanted.join(', ')}, statement spans from verify and billing` },
    );
    assertConnected(spans);
    // The server span is named by its route template, and the statements of the sampled request
    // are client spans in its trace (named by statement, values never recorded).
    const server = spans.find((span) => span.service === 'gateway' && span.kind === 2)!;
    assert.equal(server.name, 'POST /v1/verifications');
    assert.equal(server.attributes['http.route'], '/v1/verifications');
    const statements = spans.filter(isStatement);
    assert.ok(
      statements.some((span) => span.service === 'verify') && statements.some((span) => span.service === 'billing'),
      `statement spans from verify and billing, got ${statements.map((span) => `${span.service}:${span.name}`).join(', ')}`,
    );
    assert.ok(!statements.some((span) => JSON.stringify(span.attributes).includes('+447700123456')), 'no values');
    // The dispatcher picked the messenger's status event off JetStream inside the same trace.
    const consumer = spans.find((span) => span.service === 'webhook-dispatcher' && span.kind === 5);
    assert.ok(consumer, 'a consumer span in the dispatcher');
    assert.ok(consumer.links.length > 0, 'the consumer span is linked to the publisher');
  });

  it('a webhook POST joins the trace of the request whose event it delivers', async () => {
    const project = await platform.newProject();
    const sent = await project.api.post('/messages/messenger', { to: '+447700123456', callback: receiverUrl });
    assert.equal(sent.status, 201, sent.text);
    const spans = await eventually(
      async () => {
        const traceId = requestTrace('POST', '/v1/messages/messenger');
        return traceId ? traceOf(collector.spans(), traceId) : [];
      },
      (found) =>
        found.some((span) => span.service === 'webhook-dispatcher' && span.name === 'webhook deliver') &&
        connected(found),
      { timeoutMs: 20000, what: 'the webhook delivery span' },
    );
    assertConnected(spans);
    const server = spans.find((span) => span.service === 'gateway' && span.kind === 2)!;
    assert.equal(server.attributes['http.route'], '/v1/messages/messenger');
    assert.ok(received > 0, 'the receiver got the webhook');
    const deliver = spans.find((span) => span.name === 'webhook deliver')!;
    assert.ok(
      spans.some((span) => span.parentSpanId === deliver.spanId && span.kind === 3),
      'the HTTP POST is a client span under the delivery',
    );
  });
});

describe('the standard OTEL_* variables (real processes)', () => {
  let otelCollector: TraceCollector;
  let otelPlatform: TestPlatform;

  beforeAll(async () => {
    otelCollector = await startTraceCollector();
    const exporting = { OTEL_EXPORTER_OTLP_ENDPOINT: otelCollector.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    otelPlatform = await startTestPlatform({
      only: ['gateway'],
      env: {
        // No new trace is kept (ratio 0); a caller's sampled trace is (parent-based).
        gateway: { ...exporting, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' },
        // The endpoint is set, yet the SDK is off: no spans, whatever the caller sampled.
        billing: { ...exporting, OTEL_SDK_DISABLED: 'true' },
        guard: { ...exporting, OTEL_SDK_DISABLED: 'true' },
      },
    });
  });
  afterAll(async () => {
    await otelPlatform?.stop();
    await otelCollector?.stop();
  });

  it('parentbased_traceidratio at 0: a new request is not traced, a sampled caller’s request is; OTEL_SDK_DISABLED parts export nothing', async () => {
    // Creating a project credits its trial balance: the gateway calls billing.
    const unsampled = await otelPlatform.admin.post('/projects', { name: 'not traced' });
    assert.equal(unsampled.status, 201, unsampled.text);
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const sampled = await otelPlatform.admin.post(
      '/projects',
      { name: 'traced by its caller' },
      { traceparent: `00-${traceId}-${parentId}-01` },
    );
    assert.equal(sampled.status, 201, sampled.text);

    const spans = await eventually(
      async () => otelCollector.spans(),
      (found) =>
        found.some((span) => span.service === 'gateway' && span.traceId === traceId && span.kind === 2) &&
        found.some((span) => span.service === 'gateway' && span.kind === 3 && span.name.includes('Billing')),
      { timeoutMs: 15000, what: "the gateway's server span and its call to billing, in the caller's trace" },
    );
    // Past the exporters' batch delay: whatever billing or guard would have sent has arrived.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const server = spans.find((span) => span.service === 'gateway' && span.traceId === traceId && span.kind === 2)!;
    assert.equal(server.parentSpanId, parentId, "the server span is the caller's child");
    // Spans are exported in the order they end: the unsampled request's would have come first.
    const all = otelCollector.spans();
    assert.deepEqual([...new Set(all.map((span) => span.traceId))], [traceId], 'no trace of the unsampled request');
    assert.deepEqual([...new Set(all.map((span) => span.service))], ['gateway'], 'billing and guard sent nothing');
    // OTLP over HTTP as protobuf, the specification's default protocol.
    assert.ok(otelCollector.contentTypes().length > 0);
    assert.ok(otelCollector.contentTypes().every((type) => type.includes('application/x-protobuf')));
  });
});
