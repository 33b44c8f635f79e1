import { randomUUID } from 'node:crypto';
import { OtpApiError, OtpNetworkError } from './errors.js';
import { DEFAULT_RETRY, isRetryable, retryDelayMs, type RetryPolicy } from './retry.js';
import type { ErrorCode, RequestBody, SuccessBody } from './types.js';

export interface OtpClientOptions {
  /** The API key (`otp_live_...`). */
  apiKey: string;
  /** The deployment's base URL, ending in /v1 (the document's `base_url`). */
  baseUrl?: string;
  /** Safe failures (503, 429, 409 IDEMPOTENCY_KEY_IN_USE, no answer) are retried; 0 turns retries off. */
  retry?: Partial<RetryPolicy>;
  /** Per-try limit (default 30 s); a try that runs out counts as no answer and is retried. */
  timeoutMs?: number;
  /** Another fetch (a proxy agent, a test double of the network). */
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Defaults to a new UUID per call, reused by every retry of that call. */
  idempotencyKey?: string;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/v1';

/** About the HTTP answer a result came in: what to quote to the operator, and whether it was a replay. */
export interface ResponseInfo {
  status: number;
  /** The answer's `x-request-id`. */
  requestId: string | undefined;
  /** True when the API answered a reused Idempotency-Key with the first call's stored result. */
  idempotentReplayed: boolean;
}

/** A result: the resource as the API answered it, plus `lastResponse` (not enumerable, so not in its JSON). */
export type Answer<T> = T & { readonly lastResponse: ResponseInfo };

/**
 * The /v1 API with one method per operationId of the OpenAPI document. Every POST carries an
 * Idempotency-Key generated once per call, so the automatic retries can never send or charge twice.
 */
export class OtpClient {
  private readonly baseUrl: string;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  /** False for a test-mode key (`otp_test_...`): its traffic reaches the sandbox and moves only test money. */
  readonly livemode: boolean;

  constructor(private readonly options: OtpClientOptions) {
    this.livemode = !options.apiKey.startsWith('otp_test_');
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 30000;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  startVerification(body: RequestBody<'startVerification'>, options?: CallOptions) {
    return this.call<SuccessBody<'startVerification'>>('POST', '/verifications', body, options);
  }

  getVerification(sid: string) {
    return this.call<SuccessBody<'getVerification'>>('GET', `/verifications/${encodeURIComponent(sid)}`);
  }

  checkVerification(sid: string, body: RequestBody<'checkVerification'>, options?: CallOptions) {
    const path = `/verifications/${encodeURIComponent(sid)}/check`;
    return this.call<SuccessBody<'checkVerification'>>('POST', path, body, options);
  }

  sendSms(body: RequestBody<'sendSms'>, options?: CallOptions) {
    return this.call<SuccessBody<'sendSms'>>('POST', '/messages/sms', body, options);
  }

  getSms(sid: string) {
    return this.call<SuccessBody<'getSms'>>('GET', `/messages/sms/${encodeURIComponent(sid)}`);
  }

  sendMessengerCode(body: RequestBody<'sendMessengerCode'>, options?: CallOptions) {
    return this.call<SuccessBody<'sendMessengerCode'>>('POST', '/messages/messenger', body, options);
  }

  getMessengerCode(sid: string) {
    return this.call<SuccessBody<'getMessengerCode'>>('GET', `/messages/messenger/${encodeURIComponent(sid)}`);
  }

  verifyMessengerCode(sid: string, body: RequestBody<'verifyMessengerCode'>, options?: CallOptions) {
    const path = `/messages/messenger/${encodeURIComponent(sid)}/verify`;
    return this.call<SuccessBody<'verifyMessengerCode'>>('POST', path, body, options);
  }

  getProject() {
    return this.call<SuccessBody<'getProject'>>('GET', '/project');
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options?: CallOptions,
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
    };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = options?.idempotencyKey ?? randomUUID();
    }
    const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    for (let retry = 0; ; retry++) {
      try {
        return await this.once<T>(`${this.baseUrl}${path}`, init);
      } catch (error) {
        if (retry >= this.retry.maxRetries || !isRetryable(error, this.retry)) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(error, retry, this.retry)));
      }
    }
  }

  private async once<T>(url: string, init: RequestInit): Promise<Answer<T>> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await response.text();
    } catch (error) {
      throw new OtpNetworkError(`no answer from ${url}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    if (!response.ok) throw apiError(response, text);
    const result = (text ? JSON.parse(text) : {}) as T & object;
    const info: ResponseInfo = {
      status: response.status,
      requestId: response.headers.get('x-request-id') ?? undefined,
      idempotentReplayed: response.headers.get('idempotent-replayed') === 'true',
    };
    return Object.defineProperty(result, 'lastResponse', { value: info, enumerable: false }) as Answer<T>;
  }
}

function apiError(response: Response, text: string): OtpApiError {
  let envelope: { error?: { code?: string; message?: string; param?: string } } | undefined;
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return new OtpApiError(
    response.status,
    (envelope?.error?.code as ErrorCode | undefined) ?? 'UNKNOWN',
    envelope?.error?.message ?? `HTTP ${response.status}`,
    {
      requestId: response.headers.get('x-request-id') ?? undefined,
      retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
      param: typeof envelope?.error?.param === 'string' ? envelope.error.param : undefined,
    },
  );
}
