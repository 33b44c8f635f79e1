import { DomainError, type StatementRunner } from '@otp/platform';
import { MONEY_STATEMENTS as SQL } from './money-statements.js';

/**
 * Idempotency records. A movement writes its `operations` row, result included, in the same
 * statement (or transaction) that moves the money, and only when the money moved. So:
 *  - a key that is in use makes the insert fail on `operations_pkey`, which aborts the whole
 *    movement (even one racing a concurrent call with the same key: it waits, then fails);
 *  - a movement that was refused (say, for the balance) leaves no record and can be retried.
 * Either way the caller then answers with the stored result, if there is one.
 */

export interface OperationKey {
  idempotencyKey: string;
  kind: string;
  /** Unknown for hold settlements until the hold is read. */
  projectId?: string;
}

export function checkKey(idempotencyKey: string): void {
  if (idempotencyKey.length === 0 || idempotencyKey.length > 200) {
    throw new DomainError('INVALID_ARGUMENT', 'idempotency_key must be 1-200 characters');
  }
}

/**
 * True when `error` is a movement refused because its idempotency key already has a record: from
 * node-postgres (the named money statements) or from Prisma's adapter (the refund's transaction).
 */
function isKeyTaken(error: unknown): boolean {
  const pgError = error as { code?: unknown; constraint?: unknown };
  if (pgError?.code === '23505' && pgError.constraint === 'operations_pkey') return true;
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { kind?: string; constraint?: unknown } } } })?.meta
    ?.driverAdapterError?.cause;
  return (
    cause?.kind === 'UniqueConstraintViolation' && JSON.stringify(cause.constraint ?? '').includes('operations_pkey')
  );
}

/** The result stored for `key`; undefined when the key was never used; refused when used for something else. */
async function storedResult<T>(run: StatementRunner, key: OperationKey): Promise<T | undefined> {
  const rows = await run.rows<{ kind: string; project_id: string; result: T }>(SQL.operation, [key.idempotencyKey]);
  const previous = rows[0];
  if (!previous) return undefined;
  if (previous.kind !== key.kind || (key.projectId !== undefined && previous.project_id !== key.projectId)) {
    throw new DomainError('IDEMPOTENCY_KEY_REUSED', `idempotency key was used for another ${previous.kind}`);
  }
  return previous.result;
}

/**
 * Runs a movement once per key. `move` returns undefined when it moved nothing (a condition did
 * not hold); then a stored result answers a replay, and `refusal` explains anything else.
 */
export async function once<T>(
  run: StatementRunner,
  key: OperationKey,
  move: () => Promise<T | undefined>,
  refusal: () => Promise<never>,
): Promise<{ result: T; replayed: boolean }> {
  checkKey(key.idempotencyKey);
  try {
    const result = await move();
    if (result !== undefined) return { result, replayed: false };
  } catch (error) {
    if (!isKeyTaken(error)) throw error;
  }
  const previous = await storedResult<T>(run, key);
  if (previous !== undefined) return { result: previous, replayed: true };
  return refusal();
}
