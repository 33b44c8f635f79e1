// What one POST to a callback URL means for its delivery.

/** Why no HTTP response arrived. `refused`: the target address is not allowed (never retried). */
export type TransportFailure = 'timeout' | 'connection' | 'refused';

export interface AttemptResult {
  statusCode?: number;
  failure?: TransportFailure;
}

export type AttemptVerdict = 'succeeded' | 'retry' | 'failed';

/**
 * 2xx ends the delivery as succeeded. Timeouts, connection errors, 5xx and 429 are worth trying
 * again. Everything else ends it as failed: other 4xx (the endpoint rejects the event), 3xx
 * (redirects are never followed, so asking again cannot help) and refused target addresses.
 */
export function verdictFor(result: AttemptResult): AttemptVerdict {
  if (result.statusCode !== undefined) {
    const status = result.statusCode;
    if (status >= 200 && status < 300) return 'succeeded';
    if (status === 429 || status >= 500) return 'retry';
    return 'failed';
  }
  return result.failure === 'refused' ? 'failed' : 'retry';
}

/** The delivery's `last_error` for a response that did not end it well. */
export function describeStatus(statusCode: number): string {
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode}: redirects are not followed`;
  return `HTTP ${statusCode}`;
}
