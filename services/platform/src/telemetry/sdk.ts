import { diag, DiagConsoleLogger, DiagLogLevel } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ParentBasedSampler, TraceIdRatioBasedSampler, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

let sdk: NodeSDK | undefined;

/**
 * Starts tracing when an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or an exporter
 * passed in by a test); otherwise does nothing, so a plain local run carries no overhead.
 * OTEL_SERVICE_NAME names the service; OTEL_TRACES_SAMPLER_ARG (0..1) sets the sampling ratio.
 */
export function startTelemetry(options: { exporter?: SpanExporter; serviceName?: string } = {}): boolean {
  if (sdk) return true;
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!options.exporter && !endpoint) return false;
  if (process.env.OTEL_LOG_LEVEL === 'debug') diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.DEBUG);
  const ratio = Number(process.env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  sdk = new NodeSDK({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'otp',
    }),
    traceExporter: options.exporter ?? new OTLPTraceExporter(),
    // Metrics are served by startMetrics (METRICS_PORT): without this the SDK would push its own
    // to the OTLP endpoint and take over the global meter provider.
    metricReaders: [],
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(Number.isFinite(ratio) ? ratio : 1) }),
    instrumentations: [
      new HttpInstrumentation(),
      // The route's handler is traced; the middlewares before it (json parsing, auth, admission)
      // would add a span each to every request, sampled or not.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new GrpcInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
      new PinoInstrumentation({ disableLogSending: true }),
      // fetch/undici: calls to the messenger provider and webhook POSTs.
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  return true;
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}
