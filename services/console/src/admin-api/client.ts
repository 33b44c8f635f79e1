import { requestPathProblem } from '@otp/platform';

// The gateway's admin API (docs/admin.md), the console's only way to read or change a project.
// The console never reads another service's schema; it holds the admin token and calls this.

export interface AdminAnswer {
  status: number;
  /** Parsed JSON, or undefined for an empty body (204). */
  body: unknown;
}

export class AdminApiUnavailable extends Error {
  override readonly name = 'AdminApiUnavailable';
}

export class AdminApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs: number,
  ) {}

  /** `path` is below /admin/v1 (built with encodedPath) and may carry a query string. */
  async call(method: string, path: string, body?: unknown): Promise<AdminAnswer> {
    // fetch resolves backslashes and dot segments: a path that has any never leaves the console.
    const problem = requestPathProblem(path);
    if (problem) throw new Error(`refused to call the admin API at ${JSON.stringify(path)}: ${problem}`);
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/admin/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new AdminApiUnavailable(`admin API ${method} ${path.split('?')[0]}: ${(error as Error).message}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  }

  /** A read that must succeed: a non-2xx answer is thrown as an AdminAnswerError. */
  async get<T>(path: string): Promise<T> {
    const answer = await this.call('GET', path);
    if (answer.status >= 300) throw new AdminAnswerError(answer);
    return answer.body as T;
  }
}

/** A non-2xx answer of the admin API, passed to the browser with its status and envelope. */
export class AdminAnswerError extends Error {
  override readonly name = 'AdminAnswerError';
  constructor(readonly answer: AdminAnswer) {
    super(`admin API answered ${answer.status}`);
  }
}
