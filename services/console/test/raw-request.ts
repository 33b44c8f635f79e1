import type { HttpResponse } from '@otp/test/infra';

// The console's suites send paths raw with the shared rawRequest (@otp/test/infra): fetch would
// resolve `..\` and `%2e%2e` before sending, and a suite written with it would pass against a
// console that forwards them.

export { rawRequest } from '@otp/test/infra';

export type RawAnswer = HttpResponse<unknown>;

/** The `error.code` of a console or admin API refusal. */
export function errorCode(answer: RawAnswer): string | undefined {
  return (answer.body as { error?: { code?: string } } | undefined)?.error?.code;
}
