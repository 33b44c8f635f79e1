import { context, diag, DiagConsoleLogger } from '@opentelemetry/api';
import { diagLogLevelFromString, getRPCMetadata, RPCType } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { setServerRouteRecorder } from './server-route.js';
import { traceStatements } from './statement-spans.js';

// The tracer provider, its batch processor and the instrumentations, wired by hand rather than
// through @opentelemetry/sdk-node: NodeSDK loads every exporter it could build from the
// environment (OTLP logs and metrics over grpc, http and proto, zipkin, the b3 and jaeger
// propagators, the declarative configuration with its YAML parser), about 30 MB a traced process
// never uses. What NodeSDK did for this configuration is here: the same resource detectors,
// W3C trace context and baggage propagation, the batch processor (OTEL_BSP_* and span limits are
// read from the environment by the SDK itself). Its default OTLP log exporter is left out: pino's
// instrumentation sends no log records (disableLogSending) and nothing else emits any.

let provider: NodeTracerProvider | undefined;

/**
 * Starts tracing when an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or an exporter
 * passed in by a test); otherwise does nothing, so a plain local run carries no overhead.
 * OTEL_SERVICE_NAME names the service; OTEL_TRACES_SAMPLER_ARG (0..1) sets the sampling ratio.
 */
export function startTelemetry(options: { exporter?: SpanExporter; serviceName?: string } = {}): boolean {
  if (provider) return true;
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!options.exporter && !endpoint) return false;
  const logLevel = process.env.OTEL_LOG_LEVEL;
  if (logLevel) diag.setLogger(new DiagConsoleLogger(), { logLevel: diagLogLevelFromString(logLevel) });
  const ratio = Number(process.env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation(),
      new GrpcInstrumentation(),
      new PinoInstrumentation({ disableLogSending: true }),
      // fetch/undici: calls to the messenger provider and webhook POSTs.
      new UndiciInstrumentation(),
    ],
  });
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'otp',
    }).merge(detectResources({ detectors: [envDetector, processDetector, hostDetector] })),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(Number.isFinite(ratio) ? ratio : 1) }),
    spanProcessors: [new BatchSpanProcessor(options.exporter ?? new OTLPTraceExporter())],
  });
  // Express routes and Postgres statements are traced by our own code, not by the express and pg
  // instrumentations: those do their work for unsampled requests too (statement-spans.ts).
  setServerRouteRecorder((route) => {
    const metadata = getRPCMetadata(context.active());
    if (metadata?.type === RPCType.HTTP) metadata.route = route;
  });
  traceStatements();
  // Sets the global tracer provider, the AsyncLocalStorage context manager and the W3C propagators.
  provider.register();
  return true;
}

export async function stopTelemetry(): Promise<void> {
  setServerRouteRecorder(undefined);
  await provider?.shutdown();
  provider = undefined;
}
