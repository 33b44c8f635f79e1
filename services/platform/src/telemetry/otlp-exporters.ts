import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { otlpProtocol, type OtlpProtocol } from './otel-env.js';

// The OTLP exporter of each protocol, imported only when chosen: a process loads one of them. Each
// reads its endpoint, headers, timeout and compression (OTEL_EXPORTER_OTLP_[SIGNAL_]*) itself.

const SPAN_EXPORTERS: Record<OtlpProtocol, () => Promise<SpanExporter>> = {
  'http/protobuf': async () => new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter(),
  'http/json': async () => new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter(),
  grpc: async () => new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter(),
};

const METRIC_EXPORTERS: Record<OtlpProtocol, () => Promise<PushMetricExporter>> = {
  'http/protobuf': async () => new (await import('@opentelemetry/exporter-metrics-otlp-proto')).OTLPMetricExporter(),
  'http/json': async () => new (await import('@opentelemetry/exporter-metrics-otlp-http')).OTLPMetricExporter(),
  grpc: async () => new (await import('@opentelemetry/exporter-metrics-otlp-grpc')).OTLPMetricExporter(),
};

function protocolOf(signal: 'TRACES' | 'METRICS'): OtlpProtocol {
  const protocol = otlpProtocol(signal);
  if (protocol) return protocol;
  process.emitWarning(`unknown OTLP protocol for ${signal.toLowerCase()}: using http/protobuf`, 'OpenTelemetryWarning');
  return 'http/protobuf';
}

export function otlpSpanExporter(): Promise<SpanExporter> {
  return SPAN_EXPORTERS[protocolOf('TRACES')]();
}

export function otlpMetricExporter(): Promise<PushMetricExporter> {
  return METRIC_EXPORTERS[protocolOf('METRICS')]();
}
