// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** Total requests; ends the run early when reached. */
    amount?: number;
    /** A request pipeline; setupRequest varies each request (path, body). */
    requests?: RequestStep[];
    /** Called once per connection: per-connection headers (e.g. one API key each). */
    setupClient?: (client: Client) => void;
  }
  interface Client {
    setHeaders(headers: Record<string, string>): void;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface RequestStep extends RawRequest {
    setupRequest?: (request: RawRequest) => RawRequest;
    onResponse?: (status: number, body: string) => void;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    /** Seconds from the first request to the end of the run. */
    duration: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
