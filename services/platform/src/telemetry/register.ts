// Loaded with `node --import @otp/platform/telemetry/register`: the ESM loader hook has to be in
// place before the application's imports are linked, or express, pg and grpc stay unpatched.
import { register } from 'node:module';
import { startMetrics } from './metrics.js';
import { startTelemetry } from './sdk.js';

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  startTelemetry();
}

const metricsPort = Number(process.env.METRICS_PORT ?? '0');
if (Number.isInteger(metricsPort) && metricsPort > 0) {
  startMetrics({ port: metricsPort, serviceName: process.env.OTEL_SERVICE_NAME ?? 'otp' });
}
