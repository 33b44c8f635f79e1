import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { diag } from '@opentelemetry/api';
import { PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { DataPointType, MetricReader, type MetricData, type ResourceMetrics } from '@opentelemetry/sdk-metrics';

// The /metrics endpoint. Names follow OpenTelemetry's Prometheus compatibility rules, unit suffix
// included (`http.server.request.duration` in seconds is `http_server_request_duration_seconds`),
// which the SDK's Prometheus exporter leaves out: a scrape and the collector's Prometheus exporter
// fed over OTLP then give the same series, and the chart's dashboard and alerts fit both.
// Every series carries `service_name` (the resource's service.name), so rules group by service
// however the target was discovered.

/** OpenTelemetry units and the Prometheus suffix they give a name. */
const UNIT_SUFFIXES: Record<string, string> = { s: 'seconds', ms: 'milliseconds', By: 'bytes' };

/** `metric` renamed with its unit's suffix (`1` is `ratio` on a gauge), unless the name has it. */
export function withUnitSuffix(metric: MetricData): MetricData {
  const { name, unit } = metric.descriptor;
  const suffix =
    UNIT_SUFFIXES[unit] ?? (unit === '1' && metric.dataPointType === DataPointType.GAUGE ? 'ratio' : undefined);
  if (!suffix || name.endsWith(`_${suffix}`) || name.endsWith(`.${suffix}`)) return metric;
  return { ...metric, descriptor: { ...metric.descriptor, name: `${name}_${suffix}` } };
}

function renamed(resourceMetrics: ResourceMetrics): ResourceMetrics {
  return {
    ...resourceMetrics,
    scopeMetrics: resourceMetrics.scopeMetrics.map((scope) => ({
      ...scope,
      metrics: scope.metrics.map(withUnitSuffix),
    })),
  };
}

export class PrometheusEndpoint extends MetricReader {
  private readonly server: Server;
  // The resource's service.name becomes the constant label service_name.
  private readonly serializer = new PrometheusSerializer('', false, /^service\.name$/);

  constructor(private readonly options: { host: string; port: number }) {
    super();
    // unref: the endpoint never keeps a stopping process alive.
    this.server = createServer((request, response) => this.answer(request, response)).unref();
  }

  /** Listens; resolves once the port is bound. */
  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://metrics').pathname !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    this.collect().then(
      ({ resourceMetrics, errors }) => {
        if (errors.length > 0) diag.error('metrics collection errors', ...errors);
        response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
        response.end(this.serializer.serialize(renamed(resourceMetrics)));
      },
      (error: unknown) => response.writeHead(500).end(`# failed to collect metrics: ${String(error)}`),
    );
  }

  protected override async onForceFlush(): Promise<void> {}

  protected override onShutdown(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
