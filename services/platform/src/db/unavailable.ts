// A statement that failed because Postgres could not be used (refused or dropped connections, no
// free connection slot, the server shutting down) rather than because of what it asked. Such a
// failure is the database being unavailable: the caller answers 503 (retry later) and, for a
// change, treats the outcome as unknown, as for a peer that did not answer. Anything else a
// statement fails with stays a bug.

// SQLSTATE class 08 (connection exception), 53300 too_many_connections, 57P01-57P03
// (admin_shutdown, crash_shutdown, cannot_connect_now).
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03']);
// Socket-level failures node-postgres passes through.
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// What Prisma's driver adapter reports for the same failures.
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'TooManyConnections',
  'ConnectionClosed',
  'SocketTimeout',
]);

interface Failure {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
}

function unavailableHere(failure: Failure): boolean {
  if (typeof failure.code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(failure.code) || failure.code.startsWith('08')) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(failure.code)) return true;
  }
  if (typeof failure.kind === 'string' && UNAVAILABLE_ADAPTER_KINDS.has(failure.kind)) return true;
  // node-postgres ends a client whose server went away with a plain Error and no code.
  return typeof failure.message === 'string' && /^Connection terminated\b/.test(failure.message);
}

/** Whether `error` (or what it wraps) is Postgres being unavailable, not a fault of the statement. */
export function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const failure = current as Failure;
    if (unavailableHere(failure)) return true;
    current = failure.meta?.driverAdapterError?.cause ?? failure.cause;
  }
  return false;
}
