import { eventually, type TestProject } from '@otp/test/infra';

// Reading an SMS back through the public API until it reaches a state: shared by the suites that
// drive carriers (carriers, interop).

/** The SMS as `GET /v1/messages/sms/{sid}` answers it, once `done` holds. */
export async function readSms<S>(
  project: TestProject,
  sid: string,
  done: (sms: S) => boolean,
  what: string,
): Promise<S> {
  const response = await eventually(
    () => project.api.get<S>(`/messages/sms/${sid}`),
    (r) => r.status === 200 && done(r.body),
    { what },
  );
  return response.body;
}

/** The SMS once it is `sent` or `failed`. */
export function finalSms<S extends { status: string }>(project: TestProject, sid: string): Promise<S> {
  return readSms<S>(project, sid, (s) => s.status === 'sent' || s.status === 'failed', `${sid} to finish`);
}
