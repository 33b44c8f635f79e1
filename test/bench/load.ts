import autocannon from 'autocannon';

// One autocannon run and the figures the benchmarks print.

export interface LoadFigures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  failed: number;
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

export async function load(
  name: string,
  options: {
    url: string;
    body: string;
    headers?: Record<string, string>;
    /** Headers per connection, used in turn (e.g. one project's key per connection). */
    connectionHeaders?: Record<string, string>[];
  },
): Promise<LoadFigures> {
  const base = { 'content-type': 'application/json', ...options.headers };
  let nextConnection = 0;
  const perConnection = options.connectionHeaders;
  const result = await autocannon({
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
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

export function describe(figures: LoadFigures): string {
  return `${figures.name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(figures.p50Ms).padStart(4)} ms   p99 ${String(figures.p99Ms).padStart(4)} ms   (${figures.total} requests, ${figures.failed} failed)`;
}
