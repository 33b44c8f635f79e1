import { DomainError } from '@otp/platform';
import type { Prisma } from '../generated/prisma/client.js';
import type { Tx } from './database.js';

/**
 * Runs `move` once per idempotency key, inside the caller's transaction. The key row is inserted
 * first: a concurrent call with the same key waits on it, then reads the stored result. A failed
 * call rolls the key back with everything else, so it can be retried.
 */
export async function once<T extends Prisma.InputJsonObject>(
  tx: Tx,
  key: { idempotencyKey: string; kind: string; projectId: string },
  move: () => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  if (key.idempotencyKey.length === 0 || key.idempotencyKey.length > 200) {
    throw new DomainError('INVALID_ARGUMENT', 'idempotency_key must be 1-200 characters');
  }
  const inserted = await tx.$executeRaw`
    INSERT INTO operations (idempotency_key, kind, project_id)
    VALUES (${key.idempotencyKey}, ${key.kind}, ${key.projectId})
    ON CONFLICT (idempotency_key) DO NOTHING`;
  if (inserted === 0) {
    const previous = await tx.operation.findUniqueOrThrow({ where: { idempotencyKey: key.idempotencyKey } });
    if (previous.kind !== key.kind || previous.projectId !== key.projectId || previous.result === null) {
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', `idempotency key was used for another ${previous.kind}`);
    }
    return { result: previous.result as T, replayed: true };
  }
  const result = await move();
  await tx.operation.update({ where: { idempotencyKey: key.idempotencyKey }, data: { result } });
  return { result, replayed: false };
}
