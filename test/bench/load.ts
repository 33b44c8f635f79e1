import autocannon from 'autocannon';

// One autocannon run and the figures the benchmarks print.

export type AutocannonOptions = Parameters<typeof autocannon>[0];

export interface LoadFigures {
  name: string;
  requestsPerSecond: number;
  /** Requests answered 2xx, per second: the throughput compared with the floor's. */
  answeredPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  failed: number;
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * Unmeasured load before each measured run (BENCH_WARMUP_SECONDS, 0 to skip). A process fresh from
 * start-up spends its first seconds compiling (V8's baseline and optimising tiers, first-time
 * module and connection set-up): a measured run that includes them counts start-up, not the path.
 * A deployed service has been warm for days, so every run, the floor's too, is measured warm.
 * Twenty seconds, not three: after three seconds of SMS sends the SMS service still finished about
 * 50 optimising compiles a second, on V8's helper threads, which spent 27-45% on top of each
 * service's main thread; after twenty, 80 compiles in the whole run and 2-14% (docs/performance.md, "History of the hot-path work").
 */
export const BENCH_WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
/** Each measured run starts with ANALYZE of its database (measureUsage says why); `BENCH_ANALYZE=0` leaves it out. */
export const BENCH_ANALYZE = process.env.BENCH_ANALYZE !== '0';

/** The same load as a measured run, for BENCH_WARMUP_SECONDS; nothing of it is reported. */
export async function warmUp(options: AutocannonOptions): Promise<void> {
  if (BENCH_WARMUP_SECONDS <= 0) return;
  await autocannon({ ...options, duration: BENCH_WARMUP_SECONDS });
}

export async function load(
  name: string,
  options: {
    url: string;
    body: string;
    headers?: Record<string, string>;
    /** Headers per connection, used in turn (e.g. one project's key per connection). */
    connectionHeaders?: Record<string, string>[];
    /** Runs between the warm-up and the measured run (e.g. waits for the warm-up's work to drain). */
    beforeMeasuring?: () => Promise<unknown>;
  },
): Promise<LoadFigures> {
  const base = { 'content-type': 'application/json', ...options.headers };
  let nextConnection = 0;
  const perConnection = options.connectionHeaders;
  const run = (): AutocannonOptions => ({
    url: options.url,
    method: 'POST',
    headers: base,
    body: options.body,
    connections: BENCH_CONNECTIONS,
    duration: BENCH_SECONDS,
    ...(perConnection && perConnection.length > 0
      ? {
          setupClient: (client: { setHeaders(headers: Record<string, string>): void }) =>
            client.setHeaders({ ...base, ...perConnection[nextConnection++ % perConnection.length] }),
        }
      : {}),
  });
  await warmUp(run());
  await options.beforeMeasuring?.();
  return figuresOf(name, await autocannon(run()));
}

/** What a report prints of one autocannon run. */
export function figuresOf(name: string, result: Awaited<ReturnType<typeof autocannon>>): LoadFigures {
  const total = result.requests.total;
  const failed = result.non2xx + result.errors + result.timeouts;
  const rate = requestsPerSecond(result);
  return {
    name,
    requestsPerSecond: rate,
    answeredPerSecond: total > 0 ? (rate * Math.max(0, total - failed)) / total : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total,
    failed,
  };
}

/**
 * Requests over the run's own length: autocannon's average is of whole one-second buckets, so a
 * run that ends early (an `amount` reached mid-second) would be understated by its last bucket.
 */
function requestsPerSecond(result: Awaited<ReturnType<typeof autocannon>>): number {
  return result.duration > 0 ? result.requests.total / result.duration : result.requests.average;
}

export function describe(figures: LoadFigures): string {
  return `${figures.name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(figures.p50Ms).padStart(4)} ms   p99 ${String(figures.p99Ms).padStart(4)} ms   (${figures.total} requests, ${figures.failed} failed)`;
}
