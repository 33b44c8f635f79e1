// A small JSON client for the suites. Response bodies are typed by the caller: tests assert the
// shapes they expect, so a wrong guess fails an assertion rather than compiling silently.

import { request as httpRequest } from 'node:http';

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export async function request<T = Record<string, unknown>>(
  method: string,
  url: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: jsonOrUndefined(text) as T, text };
}

function jsonOrUndefined(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends `path` exactly as written (`..\\`, `%2e%2e`, `%2f` and all): fetch normalises such paths
 * before sending, so a test of how a server treats them must use this. `base` is `http://host:port`.
 */
export function rawRequest<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  options: { body?: Buffer | string; headers?: Record<string, string> } = {},
): Promise<HttpResponse<T>> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        // `[::1]` is a URL's spelling; node:http wants the address itself.
        host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port,
        method,
        path,
        headers: options.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: jsonOrUndefined(text) as T, text });
        });
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/**
 * A client bound to a base URL and a bearer token. Given several base URLs (the gateway's
 * replicas), it sends each request to the next one in turn, as a load balancer would.
 */
export class JsonClient {
  private readonly baseUrls: string[];
  private next = 0;

  constructor(
    baseUrl: string | string[],
    private readonly token?: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {
    this.baseUrls = Array.isArray(baseUrl) ? baseUrl : [baseUrl];
    if (this.baseUrls.length === 0) throw new Error('JsonClient needs a base URL');
  }

  /** The first base URL. */
  get baseUrl(): string {
    return this.baseUrls[0]!;
  }

  private url(path: string): string {
    const base = this.baseUrls[this.next % this.baseUrls.length]!;
    this.next += 1;
    return base + path;
  }

  private headers(more?: Record<string, string>): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...this.extraHeaders, ...more };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return request<T>('GET', this.url(path), { headers: this.headers(headers) });
  }

  post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) {
    return request<T>('POST', this.url(path), { body: body ?? {}, headers: this.headers(headers) });
  }

  put<T = Record<string, unknown>>(path: string, body?: unknown) {
    return request<T>('PUT', this.url(path), { body, headers: this.headers() });
  }

  patch<T = Record<string, unknown>>(path: string, body?: unknown) {
    return request<T>('PATCH', this.url(path), { body, headers: this.headers() });
  }

  delete<T = Record<string, unknown>>(path: string) {
    return request<T>('DELETE', this.url(path), { headers: this.headers() });
  }
}

/** Polls `read` until `done` holds (or the time is up); returns the last value read. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15000);
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${options.what ?? 'condition'}; last value: ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
    last = await read();
  }
  return last;
}
