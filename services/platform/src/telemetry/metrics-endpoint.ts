import { metrics } from '@opentelemetry/api';
import { RuntimeNodeInstrumentation } from '@opentelemetry/instrumentation-runtime-node';
import {
  ConsoleMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type MetricReader,
} from '@opentelemetry/sdk-metrics';
import type { SignalExporter } from './otel-env.js';
import { otlpMetricExporter } from './otlp-exporters.js';
import { PrometheusEndpoint } from './prometheus-endpoint.js';
import { processResource } from './resource.js';
import { recordHttpRequest } from './metrics.js';
import { setServedRequestRecorder } from './server-route.js';
import { recordStatements } from './statement-metrics.js';

// Loaded only when metrics are on (register.ts): the SDK and its readers are megabytes a process
// without metrics does not carry.

let provider: MeterProvider | undefined;
let runtime: RuntimeNodeInstrumentation | undefined;

async function readerOf(exporter: SignalExporter): Promise<MetricReader> {
  // OTEL_METRIC_EXPORT_INTERVAL and _TIMEOUT, as the specification has them.
  const interval = Number(process.env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000;
  const timeout = Number(process.env.OTEL_METRIC_EXPORT_TIMEOUT) || 30_000;
  return new PeriodicExportingMetricReader({
    exporter: exporter === 'console' ? new ConsoleMetricExporter() : await otlpMetricExporter(),
    exportIntervalMillis: interval,
    exportTimeoutMillis: Math.min(timeout, interval),
  });
}

/**
 * Installs the meter provider: the instruments of metrics.ts, the HTTP, statement and runtime
 * metrics, read by the Prometheus endpoint (`prometheus`, the chart's METRICS_PORT) and pushed
 * to the push exporters named. Without it every instrument is a no-op.
 */
export async function startMetrics(options: {
  prometheus?: { host: string; port: number };
  exporters: SignalExporter[];
}): Promise<void> {
  if (provider) return;
  const endpoint = options.prometheus ? new PrometheusEndpoint(options.prometheus) : undefined;
  provider = new MeterProvider({
    resource: processResource(),
    readers: [...(endpoint ? [endpoint] : []), ...(await Promise.all(options.exporters.map(readerOf)))],
  });
  metrics.setGlobalMeterProvider(provider);
  await endpoint?.listen();
  // Every express app mounts recordServerRoute() first; from here on it times each request.
  setServedRequestRecorder(recordHttpRequest);
  recordStatements();
  // Event loop delay and utilisation, heap spaces, garbage collections (nodejs.*, v8js.*). It
  // starts enabled; its instruments exist only once it is handed the provider.
  runtime = new RuntimeNodeInstrumentation();
  runtime.setMeterProvider(provider);
}

export async function stopMetrics(): Promise<void> {
  setServedRequestRecorder(undefined);
  runtime?.disable();
  await provider?.shutdown();
  provider = undefined;
}
