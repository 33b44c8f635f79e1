import { metrics } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { countStatements } from '../db/statement-count.js';
import { meter, recordHttpRequest } from './metrics.js';
import { setServedRequestRecorder } from './server-route.js';

// Loaded only when METRICS_PORT is set (see register.ts): the SDK and the Prometheus exporter
// are tens of megabytes a process without metrics does not carry.

let provider: MeterProvider | undefined;

/**
 * Serves this process's metrics for Prometheus at http://<host>:<port>/metrics (the Helm chart
 * sets METRICS_PORT; a local run leaves it off). Without it every instrument is a no-op.
 */
export function startMetrics(options: { port: number; host?: string; serviceName: string }): void {
  if (provider) return;
  const exporter = new PrometheusExporter({ port: options.port, host: options.host ?? '0.0.0.0' });
  provider = new MeterProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    readers: [exporter],
  });
  metrics.setGlobalMeterProvider(provider);
  // Every express app mounts recordServerRoute() first; from here on it times each request.
  setServedRequestRecorder(recordHttpRequest);
  const statements = countStatements();
  meter()
    .createObservableCounter('db_client_statements_total', {
      description: 'Statements sent to Postgres by this process (every pool, BEGIN and COMMIT included)',
    })
    .addCallback((result) => result.observe(statements()));
}

export async function stopMetrics(): Promise<void> {
  setServedRequestRecorder(undefined);
  await provider?.shutdown();
  provider = undefined;
}
