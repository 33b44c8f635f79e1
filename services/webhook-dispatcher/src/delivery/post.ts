import type { Agent } from 'undici';
import { errors, request } from 'undici';
import type { TransportFailure } from '../domain/attempt-verdict.js';
import { TargetRefusedError } from './connect-guard.js';

export interface PostOutcome {
  statusCode?: number;
  failure?: TransportFailure;
  /** Why no response arrived (no secrets or bodies in it). */
  error?: string;
  responseSnippet: string;
  durationMs: number;
}

/** The start of the body, read with a cap (a huge or endless body costs at most `cap` bytes). */
async function readSnippet(body: AsyncIterable<Buffer>, cap: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (cap > 0) {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= cap) break; // leaving the loop destroys the stream: the rest is never read
    }
  }
  // Postgres text cannot hold NUL; a cut multi-byte character becomes U+FFFD.
  return Buffer.concat(chunks).subarray(0, cap).toString('utf8').replaceAll('\u0000', '');
}

function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth++) {
    if (current instanceof TargetRefusedError) return current;
    current = current.cause;
  }
  return current;
}

function transportFailure(error: unknown, timeoutMs: number): { failure: TransportFailure; error: string } {
  const cause = rootCause(error);
  if (cause instanceof TargetRefusedError || error instanceof TargetRefusedError) {
    return { failure: 'refused', error: `target address not allowed: ${(cause as Error).message}` };
  }
  const timedOut =
    (cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError')) ||
    cause instanceof errors.ConnectTimeoutError ||
    cause instanceof errors.HeadersTimeoutError ||
    cause instanceof errors.BodyTimeoutError;
  if (timedOut) return { failure: 'timeout', error: `no response within ${timeoutMs} ms` };
  const code = cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : 'ERROR';
  return { failure: 'connection', error: `connection failed: ${code}` };
}

/** One POST, never following redirects; the whole exchange is bounded by `timeoutMs`. */
export async function postEvent(options: {
  agent: Agent;
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  snippetBytes: number;
}): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let statusCode: number | undefined;
  try {
    const response = await request(options.url, {
      method: 'POST',
      dispatcher: options.agent,
      headers: options.headers,
      body: options.body,
      signal: AbortSignal.timeout(options.timeoutMs),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    statusCode = response.statusCode;
    let responseSnippet = '';
    try {
      responseSnippet = await readSnippet(response.body, options.snippetBytes);
    } catch {
      // The status already decides the attempt; a body cut short only shortens the snippet.
    } finally {
      response.body.destroy(); // an unread rest is dropped with its connection
    }
    return { statusCode, responseSnippet, durationMs: elapsed() };
  } catch (error) {
    return { ...transportFailure(error, options.timeoutMs), responseSnippet: '', durationMs: elapsed() };
  }
}
