import { randomUUID } from 'node:crypto';
import { DomainError, poolRunner, systemClock, type Clock, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { Db } from './database.js';
import { checkKey, once } from './idempotency.js';
import {
  checkAmount,
  movement,
  type HoldRow,
  type HoldState,
  type MoneyCall,
  type Movement,
  type Settlement,
} from './ledger-shapes.js';
import { MONEY_STATEMENTS as SQL, spentOn } from './money-statements.js';
import { refundOnce } from './refund.js';

// Every movement here is one SQL statement (a refund, one short transaction): the conditional
// balance UPDATE (never read-then-write), its ledger entries and its idempotency record commit or
// fail together, so entries always sum to the balance and a key never moves money twice. One
// statement is also one round trip: holds and captures sit on every send's path.

/** The UTC day `at` falls on, as Postgres reads a date ('2026-11-30'). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class Ledger {
  private readonly run: StatementRunner;

  /**
   * `pool` is the one Prisma runs on (`openDatabase(url, schema, pool)`); `clock` says which UTC
   * day a movement's spend counts on.
   */
  constructor(
    private readonly db: Db,
    pool: SchemaPool,
    private readonly clock: Clock = systemClock,
  ) {
    this.run = poolRunner(pool);
  }

  private today(): string {
    return utcDay(this.clock.now());
  }

  /** Also why a debit was refused, so a named statement like the debit itself. */
  async balance(projectId: string): Promise<{ balanceCents: number; updatedAt: Date } | undefined> {
    const [account] = await this.run.rows<{ balance_cents: string; updated_at: Date }>(SQL.account, [projectId]);
    return account ? { balanceCents: Number(account.balance_cents), updatedAt: account.updated_at } : undefined;
  }

  credit(call: MoneyCall): Promise<{ result: Movement; replayed: boolean }> {
    checkAmount(call.amountCents);
    const entryId = randomUUID();
    const result = (balance: number) => movement(entryId, call, 'credit', call.amountCents, balance);
    return once(
      this.run,
      { ...call, kind: 'credit' },
      async () => {
        const rows = await this.db.$queryRaw<{ balance_cents: bigint }[]>`
          WITH account AS (
            INSERT INTO accounts (project_id, balance_cents) VALUES (${call.projectId}, ${call.amountCents}::bigint)
            ON CONFLICT (project_id) DO UPDATE
              SET balance_cents = accounts.balance_cents + EXCLUDED.balance_cents, updated_at = now()
            RETURNING balance_cents),
          entry AS (
            INSERT INTO ledger_entries (id, project_id, kind, amount_cents, balance_cents, reference, description, idempotency_key)
            SELECT ${entryId}::uuid, ${call.projectId}, 'credit', ${call.amountCents}::bigint, balance_cents,
                   ${call.reference}, ${call.description}, ${call.idempotencyKey} FROM account),
          operation AS (
            INSERT INTO operations (idempotency_key, kind, project_id, result)
            SELECT ${call.idempotencyKey}, 'credit', ${call.projectId},
                   ${JSON.stringify(result(0))}::jsonb || jsonb_build_object('balance_cents', balance_cents) FROM account)
          SELECT balance_cents FROM account`;
        return rows[0] ? result(Number(rows[0].balance_cents)) : undefined;
      },
      () => Promise.reject(new Error('credit moved nothing')),
    );
  }

  /** Takes money now if the balance covers it. */
  charge(call: MoneyCall): Promise<{ result: Movement; replayed: boolean }> {
    checkAmount(call.amountCents);
    const entryId = randomUUID();
    return this.debitOnce(call, 'charge', entryId, (balance) =>
      movement(entryId, call, 'charge', -call.amountCents, balance),
    );
  }

  /** Sets money aside: it leaves the balance now and is captured or released later. */
  hold(call: MoneyCall): Promise<{ result: HoldState; replayed: boolean }> {
    checkAmount(call.amountCents);
    const holdId = randomUUID();
    return this.debitOnce(
      call,
      'hold',
      randomUUID(),
      (balance): HoldState => ({
        hold_id: holdId,
        project_id: call.projectId,
        status: 'held',
        amount_cents: call.amountCents,
        captured_cents: 0,
        balance_cents: balance,
        reference: call.reference,
      }),
      holdId,
    );
  }

  /**
   * A hold captured for `capture.amountCents` in the same movement (money-statements.ts
   * holdCaptured): one call where Hold then Capture took two. A replay of the hold's key answers
   * the stored hold, whichever way it was taken (status `held` when an earlier call only held).
   */
  holdCaptured(
    call: MoneyCall,
    capture: { amountCents: number; idempotencyKey: string; description: string },
  ): Promise<{ result: HoldState; replayed: boolean }> {
    checkAmount(call.amountCents);
    checkAmount(capture.amountCents);
    if (capture.amountCents > call.amountCents) {
      throw new DomainError('INVALID_ARGUMENT', 'capture_cents must not exceed amount_cents');
    }
    checkKey(capture.idempotencyKey);
    const holdId = randomUUID();
    const state = (balance: number): HoldState => ({
      hold_id: holdId,
      project_id: call.projectId,
      status: 'captured',
      amount_cents: call.amountCents,
      captured_cents: capture.amountCents,
      balance_cents: balance,
      reference: call.reference,
    });
    return once(
      this.run,
      { ...call, kind: 'hold' },
      async () => {
        const rows = await this.run.rows<{ balance_cents: string }>(SQL.holdCaptured, [
          call.projectId,
          call.amountCents,
          randomUUID(),
          'hold',
          call.reference,
          call.description,
          call.idempotencyKey,
          JSON.stringify(state(0)),
          this.today(),
          holdId,
          capture.amountCents,
          randomUUID(),
          randomUUID(),
          capture.description,
          capture.idempotencyKey,
        ]);
        return rows[0] ? state(Number(rows[0].balance_cents)) : undefined;
      },
      () => this.insufficient(call.projectId, call.amountCents),
    );
  }

  /**
   * A charge or a hold (with `holdId`): the conditional debit, its ledger entry, its idempotency
   * record and the hold's row, in one statement.
   */
  private debitOnce<T extends object>(
    call: MoneyCall,
    kind: 'charge' | 'hold',
    entryId: string,
    result: (balance: number) => T,
    holdId?: string,
  ): Promise<{ result: T; replayed: boolean }> {
    return once(
      this.run,
      { ...call, kind },
      async () => {
        const values = [
          call.projectId,
          call.amountCents,
          entryId,
          kind,
          call.reference,
          call.description,
          call.idempotencyKey,
          JSON.stringify(result(0)),
          this.today(),
        ];
        const rows =
          holdId === undefined
            ? await this.run.rows<{ balance_cents: string }>(SQL.charge, values)
            : await this.run.rows<{ balance_cents: string }>(SQL.hold, [...values, holdId]);
        return rows[0] ? result(Number(rows[0].balance_cents)) : undefined;
      },
      () => this.insufficient(call.projectId, call.amountCents),
    );
  }

  /** Turns a hold into a charge; capturing less than held gives the rest back. */
  capture(call: Settlement): Promise<{ result: HoldState; replayed: boolean }> {
    return this.settle(call, 'captured');
  }

  release(call: Omit<Settlement, 'amountCents' | 'description'>): Promise<{ result: HoldState; replayed: boolean }> {
    return this.settle({ ...call, amountCents: 0, description: 'hold released' }, 'released');
  }

  private settle(call: Settlement, to: 'captured' | 'released'): Promise<{ result: HoldState; replayed: boolean }> {
    if (!Number.isSafeInteger(call.amountCents) || call.amountCents < 0) {
      throw new DomainError('INVALID_ARGUMENT', 'amount_cents must be a whole number, 0 or more');
    }
    // Hold ids are UUIDs; anything else names no hold (and must not reach a uuid cast).
    if (!UUID.test(call.holdId)) throw new DomainError('HOLD_NOT_FOUND', `no hold ${call.holdId}`);
    const kind = to === 'captured' ? 'capture' : 'release';
    const releaseEntryId = randomUUID();
    const chargeEntryId = randomUUID();
    // Ledger: the hold comes back in full, then the captured part is charged (money-statements.ts).
    return once(
      this.run,
      { idempotencyKey: call.idempotencyKey, kind, holdId: call.holdId },
      async () => {
        const rows = await this.run.rows<HoldRow>(SQL.settle, [
          call.holdId,
          to,
          call.amountCents,
          releaseEntryId,
          chargeEntryId,
          call.description,
          call.idempotencyKey,
          kind,
          this.today(),
        ]);
        const row = rows[0];
        if (!row) return undefined;
        return {
          hold_id: call.holdId,
          project_id: row.project_id,
          status: to,
          amount_cents: Number(row.amount_cents),
          captured_cents: Number(row.captured_cents),
          balance_cents: Number(row.balance_cents),
          reference: row.reference,
        };
      },
      () => this.unsettled(call),
    );
  }

  /** Gives back (part of) what was charged for `reference`; never more than was charged. */
  refund(call: MoneyCall): Promise<{ result: Movement; replayed: boolean }> {
    return refundOnce(this.db, this.run, call, this.today());
  }

  async entries(projectId: string, limit: number, beforeId?: string) {
    const cursor = beforeId ? await this.db.ledgerEntry.findUnique({ where: { id: beforeId } }) : undefined;
    const rows = await this.db.ledgerEntry.findMany({
      where: {
        projectId,
        ...(cursor ? { seq: { lt: cursor.seq } } : {}),
      },
      orderBy: { seq: 'desc' },
      take: limit + 1,
    });
    return { entries: rows.slice(0, limit), more: rows.length > limit };
  }

  /** Sets (or with null, clears) the daily spend limit; creates the account if it has none yet. */
  async setSpendLimit(
    projectId: string,
    limitCents: number | null,
  ): Promise<{ limitCents: number | null; spentTodayCents: number }> {
    const rows = await this.db.$queryRawUnsafe<{ limit_cents: bigint | null; spent: bigint }[]>(
      `INSERT INTO accounts (project_id, balance_cents, daily_spend_limit_cents) VALUES ($1, 0, $2::bigint)
       ON CONFLICT (project_id) DO UPDATE SET daily_spend_limit_cents = EXCLUDED.daily_spend_limit_cents, updated_at = now()
       RETURNING daily_spend_limit_cents AS limit_cents, ${spentOn('$3::date')} AS spent`,
      projectId,
      limitCents,
      this.today(),
    );
    const row = rows[0]!;
    return {
      limitCents: row.limit_cents === null ? null : Number(row.limit_cents),
      spentTodayCents: Number(row.spent),
    };
  }

  /** Why a debit moved nothing (no replay either): the balance or today's spend limit. */
  private async insufficient(projectId: string, amountCents: number): Promise<never> {
    const balance = (await this.balance(projectId))?.balanceCents ?? 0;
    if (balance >= amountCents) {
      throw new DomainError(
        'SPEND_LIMIT_REACHED',
        `${(amountCents / 100).toFixed(2)} would take today's spend past the project's daily spend limit`,
      );
    }
    throw new DomainError(
      'INSUFFICIENT_BALANCE',
      `balance ${(balance / 100).toFixed(2)} does not cover ${(amountCents / 100).toFixed(2)}`,
    );
  }

  /** Why a settlement moved nothing (no replay either). */
  private async unsettled(call: Settlement): Promise<never> {
    const [hold] = await this.run.rows<{ status: string; amount_cents: string }>(SQL.holdState, [call.holdId]);
    if (!hold) throw new DomainError('HOLD_NOT_FOUND', `no hold ${call.holdId}`);
    if (hold.status !== 'held') throw new DomainError('HOLD_NOT_ACTIVE', `hold ${call.holdId} is already settled`);
    throw new DomainError(
      'INVALID_ARGUMENT',
      `capture of ${call.amountCents} cents exceeds the hold of ${Number(hold.amount_cents)}`,
    );
  }
}
