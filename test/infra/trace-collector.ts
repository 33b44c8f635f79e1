import { createServer, type Server } from 'node:http';

// An in-memory OTLP/HTTP (JSON) trace collector: services started with
// OTEL_EXPORTER_OTLP_ENDPOINT=<url> export their spans here, and a suite reads them back.

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

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };

interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        links?: { traceId: string; spanId: string }[];
        attributes?: { key: string; value: OtlpValue }[];
      }[];
    }[];
  }[];
}

export interface TraceCollector {
  url: string;
  spans(): CollectedSpan[];
  stop(): Promise<void>;
}

export async function startTraceCollector(): Promise<TraceCollector> {
  const spans: CollectedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
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
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
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
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
