// What the standard OTEL_* variables ask of this process, decided before any SDK module loads:
// register.ts loads only what the answer needs. Two defaults differ from the specification's
// (docs/observability.md, "Configuration"): traces are exported only once an exporter or an OTLP
// endpoint is named (the spec's default sends OTLP to localhost), and metrics default to the
// Prometheus endpoint when METRICS_PORT is set, else to none (the spec's default, otlp, would push
// metrics to wherever traces go besides the scrape).

/** The exporters this platform builds for a signal: OTLP, or stdout for a debugging session. */
export type SignalExporter = 'otlp' | 'console';

export type OtlpProtocol = 'http/protobuf' | 'http/json' | 'grpc';

export interface TelemetryPlan {
  /** Span exporters (empty: tracing off, the tracing SDK never loaded). */
  spanExporters: SignalExporter[];
  /** Push exporters of metrics (OTEL_METRICS_EXPORTER otlp, console). */
  metricExporters: SignalExporter[];
  /** The /metrics endpoint to serve, when prometheus is a metrics exporter. */
  prometheus?: { host: string; port: number };
  /** Values not understood, each worth one warning: the rest of the plan still applies. */
  ignored: string[];
}

type Env = Record<string, string | undefined>;

/** The Prometheus exporter's registered port, the specification's default. */
const DEFAULT_PROMETHEUS_PORT = 9464;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A comma list, lower-cased, without blanks and repeats; undefined when unset or blank. */
function list(env: Env, name: string): string[] | undefined {
  const value = text(env, name);
  return value === undefined
    ? undefined
    : [...new Set(value.split(',').map((item) => item.trim().toLowerCase()))].filter(Boolean);
}

function port(env: Env, name: string): number | undefined {
  const value = Number(text(env, name));
  return Number.isInteger(value) && value > 0 && value < 65536 ? value : undefined;
}

/** The known exporters of one signal named in `chosen` (`none` anywhere turns the signal off). */
function exporters<T extends string>(chosen: string[], variable: string, known: readonly T[], ignored: string[]): T[] {
  if (chosen.includes('none')) return [];
  const isKnown = (name: string): name is T => (known as readonly string[]).includes(name);
  for (const name of chosen.filter((name) => !isKnown(name))) ignored.push(`${variable}=${name}`);
  return chosen.filter(isKnown);
}

const SPAN_EXPORTERS = ['otlp', 'console'] as const;
const METRIC_EXPORTERS = ['otlp', 'console', 'prometheus'] as const;

export function telemetryPlan(env: Env = process.env): TelemetryPlan {
  const ignored: string[] = [];
  if (text(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true')
    return { spanExporters: [], metricExporters: [], ignored };

  const endpoint = text(env, 'OTEL_EXPORTER_OTLP_ENDPOINT') ?? text(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const traces = exporters(
    list(env, 'OTEL_TRACES_EXPORTER') ?? (endpoint ? ['otlp'] : []),
    'OTEL_TRACES_EXPORTER',
    SPAN_EXPORTERS,
    ignored,
  );

  const metricsPort = port(env, 'METRICS_PORT');
  const metrics = exporters(
    list(env, 'OTEL_METRICS_EXPORTER') ?? (metricsPort ? ['prometheus'] : []),
    'OTEL_METRICS_EXPORTER',
    METRIC_EXPORTERS,
    ignored,
  );
  const prometheus = metrics.includes('prometheus')
    ? {
        host: text(env, 'OTEL_EXPORTER_PROMETHEUS_HOST') ?? '0.0.0.0',
        port: metricsPort ?? port(env, 'OTEL_EXPORTER_PROMETHEUS_PORT') ?? DEFAULT_PROMETHEUS_PORT,
      }
    : undefined;
  return {
    spanExporters: traces,
    metricExporters: metrics.filter((name): name is SignalExporter => name !== 'prometheus'),
    ...(prometheus ? { prometheus } : {}),
    ignored,
  };
}

/** The OTLP protocol of a signal: its own variable, else the general one, else http/protobuf. */
export function otlpProtocol(signal: 'TRACES' | 'METRICS', env: Env = process.env): OtlpProtocol | undefined {
  const value = (
    text(env, `OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`) ?? text(env, 'OTEL_EXPORTER_OTLP_PROTOCOL')
  )?.toLowerCase();
  if (value === undefined) return 'http/protobuf';
  return value === 'http/protobuf' || value === 'http/json' || value === 'grpc' ? value : undefined;
}
