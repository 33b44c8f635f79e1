import { createServer, type Server } from 'node:http';
import { decodeTraces } from './otlp-traces.js';

// An in-memory OTLP/HTTP trace collector (protobuf, the exporters' default, or JSON): services
// started with OTEL_EXPORTER_OTLP_ENDPOINT=<url> export their spans here, and a suite reads them back.

export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  links: { traceId: string; spanId: string }[];
  /** String and number attributes, flattened. */
  attributes: Record<string, string>;
}

export interface TraceCollector {
  url: string;
  spans(): CollectedSpan[];
  /** The content type of every export request so far (`application/x-protobuf`, `application/json`). */
  contentTypes(): string[];
  stop(): Promise<void>;
}

export async function startTraceCollector(): Promise<TraceCollector> {
  const spans: CollectedSpan[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const contentType = req.headers['content-type'] ?? '';
        const body = decodeTraces(Buffer.concat(chunks), contentType);
        contentTypes.push(contentType);
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service =
            resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? 'unknown';
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                links: span.links ?? [],
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map((a) => [
                    a.key,
                    String(a.value.stringValue ?? a.value.intValue ?? a.value.boolValue ?? ''),
                  ]),
                ),
              });
            }
          }
        }
        // An empty ExportTraceServiceResponse in the request's encoding: every span accepted.
        if (contentType.includes('protobuf')) res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    contentTypes: () => [...contentTypes],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
