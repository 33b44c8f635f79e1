// Loaded with `node --import @otp/platform/telemetry/register`: the ESM loader hook has to be in
// place before the application's imports are linked, or express, pg and grpc stay unpatched.
// Each exporter loads only when configured: a process with neither OTEL_EXPORTER_OTLP_ENDPOINT
// nor METRICS_PORT never loads the OpenTelemetry SDK.
import { register } from 'node:module';

/**
 * The modules the instrumentations in sdk.ts patch. The hook wraps only these: wrapping every
 * module the process imports (the default) builds a proxy module for each of them, megabytes of
 * loader work and memory for modules nobody patches. (Postgres statements and express routes are
 * traced by our own code: telemetry/statement-spans.ts and telemetry/server-route.ts.)
 */
const INSTRUMENTED_MODULES = ['http', 'https', '@grpc/grpc-js', 'pino'];

// Tracing first: its hooks patch grpc and pino as they load.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: INSTRUMENTED_MODULES } });
  const { startTelemetry } = await import('./sdk.js');
  startTelemetry();
}

const metricsPort = Number(process.env.METRICS_PORT ?? '0');
if (Number.isInteger(metricsPort) && metricsPort > 0) {
  const { startMetrics } = await import('./metrics-endpoint.js');
  startMetrics({ port: metricsPort, serviceName: process.env.OTEL_SERVICE_NAME ?? 'otp' });
}
