// Loaded with `node --import @otp/platform/telemetry/register`: the ESM loader hook has to be in
// place before the application's imports are linked, or express, pg and grpc stay unpatched.
// Only what the OTEL_* variables ask for loads (otel-env.ts): a process with no telemetry
// configured never loads the OpenTelemetry SDK.
import { register } from 'node:module';
import { telemetryPlan } from './otel-env.js';

/**
 * The modules the instrumentations in sdk.ts patch. The hook wraps only these: wrapping every
 * module the process imports (the default) builds a proxy module for each of them, megabytes of
 * loader work and memory for modules nobody patches. (Postgres statements and express routes are
 * traced by our own code: telemetry/statement-spans.ts and telemetry/server-route.ts.)
 */
const INSTRUMENTED_MODULES = ['http', 'https', '@grpc/grpc-js', 'pino'];

const plan = telemetryPlan();
for (const value of plan.ignored) process.emitWarning(`${value} is not supported: ignored`, 'OpenTelemetryWarning');

if (
  process.env.OTEL_LOG_LEVEL &&
  (plan.spanExporters.length > 0 || plan.metricExporters.length > 0 || plan.prometheus)
) {
  const { diag, DiagConsoleLogger } = await import('@opentelemetry/api');
  const { diagLogLevelFromString } = await import('@opentelemetry/core');
  diag.setLogger(new DiagConsoleLogger(), { logLevel: diagLogLevelFromString(process.env.OTEL_LOG_LEVEL) });
}

// Tracing first: its hooks patch grpc and pino as they load.
if (plan.spanExporters.length > 0) {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: INSTRUMENTED_MODULES } });
  const { startTracing } = await import('./sdk.js');
  await startTracing(plan.spanExporters);
}

if (plan.prometheus || plan.metricExporters.length > 0) {
  const { startMetrics } = await import('./metrics-endpoint.js');
  await startMetrics({ exporters: plan.metricExporters, ...(plan.prometheus ? { prometheus: plan.prometheus } : {}) });
}
