import { context } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SignalExporter } from './otel-env.js';
import { otlpSpanExporter } from './otlp-exporters.js';
import { processResource } from './resource.js';
import { setServerRouteRecorder } from './server-route.js';
import { traceStatements } from './statement-spans.js';

// The tracer provider, its processors and the instrumentations, wired here rather than by
// @opentelemetry/sdk-node: NodeSDK loads every exporter, propagator and its declarative
// configuration whichever the environment names, which takes a traced process past the memory
// goal (docs/observability.md, "Configuration", has the figures). The variables it would honour
// are honoured here: the exporter and protocol chosen by OTEL_TRACES_EXPORTER and
// OTEL_EXPORTER_OTLP_* (otel-env.ts, otlp-exporters.ts), the sampler and span limits by
// OTEL_TRACES_SAMPLER[_ARG] and OTEL_SPAN_* (read by the SDK itself), the resource by
// OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (resource.ts). Propagation is W3C trace context
// and baggage. No log records are exported: pino's instrumentation only stamps trace ids.

let provider: NodeTracerProvider | undefined;

async function processorOf(exporter: SignalExporter): Promise<SpanProcessor> {
  if (exporter === 'console') return new SimpleSpanProcessor(new ConsoleSpanExporter());
  // OTEL_BSP_* (batch size, delay, queue) are read by the processor.
  return new BatchSpanProcessor(await otlpSpanExporter());
}

/** Starts tracing into `exporters` (register.ts calls it only when there is one). */
export async function startTracing(exporters: SignalExporter[]): Promise<void> {
  if (provider) return;
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation(),
      new GrpcInstrumentation(),
      new PinoInstrumentation({ disableLogSending: true }),
      // fetch/undici: webhook POSTs.
      new UndiciInstrumentation(),
    ],
  });
  provider = new NodeTracerProvider({
    resource: processResource(),
    spanProcessors: await Promise.all(exporters.map(processorOf)),
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
}

export async function stopTracing(): Promise<void> {
  setServerRouteRecorder(undefined);
  await provider?.shutdown();
  provider = undefined;
}
