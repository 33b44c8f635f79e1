import { createHash } from 'node:crypto';
import { DomainError, type StatementRunner } from '@otp/platform';
import { MONEY_STATEMENTS as SQL } from './money-statements.js';

/**
 * Idempotency records. A movement writes its `operations` row, result included, in the same
 * statement (or transaction) that moves the money, and only when the money moved. So:
 *  - a key that is in use makes the insert fail on `operations_pkey`, which aborts the whole
 *    movement (even one racing a concurrent call with the same key: it waits, then fails);
 *  - a movement that was refused (say, for the balance) leaves no record and can be retried.
 * Either way the caller then answers with the stored result, if there is one, and only when it
 * was the same call: the record keeps the movement itself beside its key (kind, project, amount,
 * reference, hold), so a key reused for another movement is IDEMPOTENCY_KEY_REUSED however long
 * ago it was used (a top-up of 250.00 under the key of one of 25.00 credits nothing and says so).
 */

export interface OperationKey {
  idempotencyKey: string;
  kind: string;
  /** Unknown for hold settlements until the hold is read. */
  projectId?: string;
  /** A project movement's amount and reference: a replay must name the same. */
  amountCents?: number;
  reference?: string;
  /** A settlement's hold: a replay must name the same. */
  holdId?: string;
}

/** Keys up to this long are kept as given; a longer one is kept as its hash (see operationKey). */
const KEPT_KEY_LENGTH = 200;

/**
 * The key a call's record is kept under: the caller's own, or for one longer than 200 characters
 * its sha256, so no caller's key is too long (an operator's 200-character top-up key with the
 * project's prefix is still one key).
 */
export function operationKey(idempotencyKey: string): string {
  if (idempotencyKey.length === 0) throw new DomainError('INVALID_ARGUMENT', 'idempotency_key is required');
  if (idempotencyKey.length <= KEPT_KEY_LENGTH) return idempotencyKey;
  return `sha256:${createHash('sha256').update(idempotencyKey).digest('hex')}`;
}

export function checkKey(idempotencyKey: string): void {
  if (idempotencyKey.length === 0 || idempotencyKey.length > KEPT_KEY_LENGTH) {
    throw new DomainError('INVALID_ARGUMENT', `idempotency_key must be 1-${KEPT_KEY_LENGTH} characters`);
  }
}

/** What a stored result says was moved (Movement or HoldState, as ledger-shapes.ts writes them). */
interface MovedResult {
  amount_cents?: number;
  reference?: string;
  hold_id?: string;
}

/**
 * Whether the stored call moved what `key` asks (a record without those fields matches). A hold is
 * named by its resource (the reference): a replay that finds it with another amount (a fee changed
 * since) must get it back, so the give-back can release what was really held.
 */
function sameMovement(result: MovedResult | null, key: OperationKey): boolean {
  if (!result) return true;
  if (key.holdId !== undefined) return result.hold_id === undefined || result.hold_id === key.holdId;
  const amountMatches =
    key.kind === 'hold' ||
    key.amountCents === undefined ||
    result.amount_cents === undefined ||
    Math.abs(result.amount_cents) === key.amountCents;
  const referenceMatches =
    key.reference === undefined || result.reference === undefined || result.reference === key.reference;
  return amountMatches && referenceMatches;
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
  if (!sameMovement(previous.result as MovedResult | null, key)) {
    throw new DomainError(
      'IDEMPOTENCY_KEY_REUSED',
      `idempotency key was used for a ${previous.kind} of another amount, reference or hold`,
    );
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
