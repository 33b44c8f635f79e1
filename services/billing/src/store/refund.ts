import { randomUUID } from 'node:crypto';
import { DomainError, type StatementRunner } from '@otp/platform';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './database.js';
import { once } from './idempotency.js';
import { checkAmount, movement, type MoneyCall, type Movement } from './ledger-shapes.js';
import { givenBack } from './money-statements.js';

// A refund is the one movement that is not a single statement: its bound (never more back than
// was charged for the reference) needs a read made after the project's account row is locked.
// It is rare and off the send path, so it stays a short Prisma transaction.

/** A day as SQL text, after checking it is one ('2026-11-30'). */
function dateLiteral(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return `'${day}'::date`;
}

/**
 * Gives back (part of) what was charged for `reference`; never more than was charged. The spend
 * it gives back is that of the day the charge counted on (`today`: Billing's day now).
 */
export function refundOnce(
  db: Db,
  run: StatementRunner,
  call: MoneyCall,
  today: string,
): Promise<{ result: Movement; replayed: boolean }> {
  checkAmount(call.amountCents);
  const entryId = randomUUID();
  const key = { ...call, kind: 'refund' };
  return once(
    run,
    key,
    () =>
      db.$transaction(async (tx) => {
        // Serialise refunds of one project, so two of them cannot both pass the bound below.
        await tx.$queryRaw`SELECT 1 FROM accounts WHERE project_id = ${call.projectId} FOR UPDATE`;
        const replay = await tx.$queryRaw<{ n: number }[]>`
          SELECT 1 AS n FROM operations WHERE idempotency_key = ${call.idempotencyKey}`;
        if (replay.length > 0) return undefined;
        // The last charge's day: what comes back is spend of that day (entries from before
        // `spend_day` count on the day they were written).
        const totals = await tx.$queryRaw<
          { charged: bigint | null; refunded: bigint | null; counted_on: string | null }[]
        >`
          SELECT -SUM(amount_cents) FILTER (WHERE kind = 'charge') AS charged,
                 SUM(amount_cents) FILTER (WHERE kind = 'refund') AS refunded,
                 (array_agg(COALESCE(spend_day, (created_at AT TIME ZONE 'UTC')::date)::text ORDER BY seq DESC)
                    FILTER (WHERE kind = 'charge'))[1] AS counted_on
            FROM ledger_entries WHERE project_id = ${call.projectId} AND reference = ${call.reference}`;
        const charged = Number(totals[0]?.charged ?? 0);
        const refunded = Number(totals[0]?.refunded ?? 0);
        const countedOn = totals[0]?.counted_on ?? today;
        if (call.reference === '' || refunded + call.amountCents > charged) {
          throw new DomainError(
            'REFUND_EXCEEDS_CHARGE',
            `refund of ${call.amountCents} cents exceeds what is left of the charge for "${call.reference}"`,
          );
        }
        // checkAmount made the amount a safe integer, and both days are checked dates: they may be
        // written into the text.
        const rows = await tx.$queryRaw<{ balance_cents: bigint }[]>`
          WITH account AS (
            UPDATE accounts SET balance_cents = balance_cents + ${call.amountCents}::bigint,
                   spent_today_cents = ${Prisma.raw(givenBack(`${call.amountCents}::bigint`, dateLiteral(countedOn), dateLiteral(today)))},
                   updated_at = now()
             WHERE project_id = ${call.projectId}
            RETURNING balance_cents),
          entry AS (
            INSERT INTO ledger_entries (id, project_id, kind, amount_cents, balance_cents, reference, description,
                                        idempotency_key, spend_day)
            SELECT ${entryId}::uuid, ${call.projectId}, 'refund', ${call.amountCents}::bigint, balance_cents,
                   ${call.reference}, ${call.description}, ${call.idempotencyKey}, ${countedOn}::date FROM account)
          SELECT balance_cents FROM account`;
        const result = movement(entryId, call, 'refund', call.amountCents, Number(rows[0]!.balance_cents));
        await tx.$executeRaw`
          INSERT INTO operations (idempotency_key, kind, project_id, result)
          VALUES (${call.idempotencyKey}, 'refund', ${call.projectId}, ${JSON.stringify(result)}::jsonb)`;
        return result;
      }),
    () => Promise.reject(new Error('refund found a record it then could not read')),
  );
}
