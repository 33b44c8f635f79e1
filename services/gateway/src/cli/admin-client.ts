// The admin API as otpctl sees it: JSON over HTTP with the admin token, failures as CliError.

export class CliError extends Error {
  override readonly name = 'CliError';
}

export interface AdminClient {
  request<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

interface Envelope {
  error?: { code?: string; message?: string };
}

export function adminClient(baseUrl: string, token: string): AdminClient {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
      let response: Response;
      try {
        response = await fetch(`${root}/admin/v1${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
        throw new CliError(`cannot reach the admin API at ${root} (${reason}); set OTP_ADMIN_URL`);
      }
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        throw new CliError(`${method} ${path}: HTTP ${response.status} with a non-JSON answer`);
      }
      if (!response.ok) {
        const failure = (parsed as Envelope | undefined)?.error;
        throw new CliError(
          failure?.code ? `${failure.code}: ${failure.message ?? ''}` : `${method} ${path}: HTTP ${response.status}`,
        );
      }
      return parsed as T;
    },
  };
}
