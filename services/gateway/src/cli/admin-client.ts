// The admin API as otpctl sees it: JSON over HTTP with the admin token, failures as CliError.
// The console's own admin route (its users, which the console keeps) is read the same way.

export class CliError extends Error {
  override readonly name = 'CliError';
}

export interface AdminClient {
  request<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

interface Envelope {
  error?: { code?: string; message?: string };
}

/** Who answers, for the message when it cannot be reached. */
interface Target {
  name: string;
  urlVariable: string;
}

const GATEWAY: Target = { name: 'the admin API', urlVariable: 'OTP_ADMIN_URL' };

export function adminClient(baseUrl: string, token: string, target: Target = GATEWAY): AdminClient {
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
        throw new CliError(`cannot reach ${target.name} at ${root} (${reason}); set ${target.urlVariable}`);
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
