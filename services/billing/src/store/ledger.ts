import { randomUUID } from 'node:crypto';
import { DomainError } from '@otp/platform';
import type { Db, Tx } from './database.js';
import { once } from './idempotency.js';

// Every function here changes a balance with one conditional UPDATE (never read-then-write) and
// records the change in the ledger in the same transaction, so entries always sum to the balance.

export type EntryKind = 'credit' | 'hold' | 'release' | 'charge' | 'refund';

export interface Movement {
  entry_id: string;
  project_id: string;
  amount_cents: number;
  balance_cents: number;
  kind: EntryKind;
  reference: string;
  [key: string]: string | number;
}

export interface HoldState {
  hold_id: string;
  project_id: string;
  status: 'held' | 'captured' | 'released';
  amount_cents: number;
  captured_cents: number;
  balance_cents: number;
  reference: string;
  [key: string]: string | number;
}

interface MoneyCall {
  projectId: string;
  amountCents: number;
  idempotencyKey: string;
  reference: string;
  description: string;
}

function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new DomainError('INVALID_ARGUMENT', 'amount_cents must be a positive whole number');
  }
}

async function addEntry(
  tx: Tx,
  entry: {
    projectId: string;
    kind: EntryKind;
    amountCents: number;
    balanceCents: number;
    reference: string;
    description: string;
    idempotencyKey: string;
  },
): Promise<string> {
  const id = randomUUID();
  await tx.ledgerEntry.create({
    data: {
      id,
      projectId: entry.projectId,
      kind: entry.kind,
      amountCents: BigInt(entry.amountCents),
      balanceCents: BigInt(entry.balanceCents),
      reference: entry.reference,
      description: entry.description,
      idempotencyKey: entry.idempotencyKey,
    },
  });
  return id;
}

/** Takes money if the balance covers it; undefined when it does not. */
async function debit(tx: Tx, projectId: string, amountCents: number): Promise<number | undefined> {
  const rows = await tx.$queryRaw<{ balance_cents: bigint }[]>`
    UPDATE accounts SET balance_cents = balance_cents - ${amountCents}, updated_at = now()
     WHERE project_id = ${projectId} AND balance_cents >= ${amountCents}
    RETURNING balance_cents`;
  return rows[0] ? Number(rows[0].balance_cents) : undefined;
}

async function deposit(tx: Tx, projectId: string, amountCents: number): Promise<number> {
  const rows = await tx.$queryRaw<{ balance_cents: bigint }[]>`
    INSERT INTO accounts (project_id, balance_cents) VALUES (${projectId}, ${amountCents})
    ON CONFLICT (project_id) DO UPDATE
      SET balance_cents = accounts.balance_cents + EXCLUDED.balance_cents, updated_at = now()
    RETURNING balance_cents`;
  return Number(rows[0]!.balance_cents);
}

async function insufficient(tx: Tx, projectId: string, amountCents: number): Promise<never> {
  const account = await tx.account.findUnique({ where: { projectId } });
  const balance = account ? Number(account.balanceCents) : 0;
  throw new DomainError(
    'INSUFFICIENT_BALANCE',
    `balance ${(balance / 100).toFixed(2)} does not cover ${(amountCents / 100).toFixed(2)}`,
  );
}

export class Ledger {
  constructor(private readonly db: Db) {}

  async balance(projectId: string): Promise<{ balanceCents: number; updatedAt: Date } | undefined> {
    const account = await this.db.account.findUnique({ where: { projectId } });
    return account ? { balanceCents: Number(account.balanceCents), updatedAt: account.updatedAt } : undefined;
  }

  credit(call: MoneyCall): Promise<{ result: Movement; replayed: boolean }> {
    checkAmount(call.amountCents);
    return this.db.$transaction((tx) =>
      once(tx, { ...call, kind: 'credit' }, async () => {
        const balance = await deposit(tx, call.projectId, call.amountCents);
        const id = await addEntry(tx, { ...call, kind: 'credit', balanceCents: balance });
        return movement(id, call, 'credit', call.amountCents, balance);
      }),
    );
  }

  charge(call: MoneyCall): Promise<{ result: Movement; replayed: boolean }> {
    checkAmount(call.amountCents);
    return this.db.$transaction((tx) =>
      once(tx, { ...call, kind: 'charge' }, async () => {
        const balance =
          (await debit(tx, call.projectId, call.amountCents)) ??
          (await insufficient(tx, call.projectId, call.amountCents));
        const id = await addEntry(tx, {
          ...call,
          kind: 'charge',
          amountCents: -call.amountCents,
          balanceCents: balance,
        });
        return movement(id, call, 'charge', -call.amountCents, balance);
      }),
    );
  }

  hold(call: MoneyCall): Promise<{ result: HoldState; replayed: boolean }> {
    checkAmount(call.amountCents);
    return this.db.$transaction((tx) =>
      once(tx, { ...call, kind: 'hold' }, async () => {
        const balance =
          (await debit(tx, call.projectId, call.amountCents)) ??
          (await insufficient(tx, call.projectId, call.amountCents));
        const holdId = randomUUID();
        await tx.hold.create({
          data: {
            id: holdId,
            projectId: call.projectId,
            amountCents: BigInt(call.amountCents),
            status: 'held',
            reference: call.reference,
          },
        });
        await addEntry(tx, { ...call, kind: 'hold', amountCents: -call.amountCents, balanceCents: balance });
        return {
          hold_id: holdId,
          project_id: call.projectId,
          status: 'held' as const,
          amount_cents: call.amountCents,
          captured_cents: 0,
          balance_cents: balance,
          reference: call.reference,
        };
      }),
    );
  }

  /** Turns a hold into a charge; capturing less than held gives the rest back. */
  capture(call: { holdId: string; idempotencyKey: string; amountCents: number; description: string }) {
    return this.settleHold(call, 'captured');
  }

  release(call: { holdId: string; idempotencyKey: string }) {
    return this.settleHold({ ...call, amountCents: 0, description: 'hold released' }, 'released');
  }

  private async settleHold(
    call: { holdId: string; idempotencyKey: string; amountCents: number; description: string },
    to: 'captured' | 'released',
  ): Promise<{ result: HoldState; replayed: boolean }> {
    const hold = await this.db.hold.findUnique({ where: { id: call.holdId } });
    if (!hold) throw new DomainError('HOLD_NOT_FOUND', `no hold ${call.holdId}`);
    const held = Number(hold.amountCents);
    const captured = to === 'captured' ? call.amountCents || held : 0;
    if (!Number.isSafeInteger(captured) || captured < 0 || captured > held) {
      throw new DomainError('INVALID_ARGUMENT', `capture of ${captured} cents exceeds the hold of ${held}`);
    }
    const base = { projectId: hold.projectId, idempotencyKey: call.idempotencyKey, reference: hold.reference };
    return this.db.$transaction((tx) =>
      once(tx, { ...base, kind: to === 'captured' ? 'capture' : 'release' }, async () => {
        // The status condition makes capture and release race-safe: only one of them wins.
        const changed = await tx.hold.updateMany({
          where: { id: call.holdId, status: 'held' },
          data: { status: to, capturedCents: BigInt(captured), updatedAt: new Date() },
        });
        if (changed.count === 0) throw new DomainError('HOLD_NOT_ACTIVE', `hold ${call.holdId} is already settled`);
        // Ledger: the hold comes back in full, then the captured part is charged.
        const balance = await deposit(tx, hold.projectId, held);
        await addEntry(tx, {
          ...base,
          kind: 'release',
          amountCents: held,
          balanceCents: balance,
          description: call.description,
        });
        let after = balance;
        if (captured > 0) {
          after = (await debit(tx, hold.projectId, captured))!;
          await addEntry(tx, {
            ...base,
            kind: 'charge',
            amountCents: -captured,
            balanceCents: after,
            description: call.description,
          });
        }
        return {
          hold_id: call.holdId,
          project_id: hold.projectId,
          status: to,
          amount_cents: held,
          captured_cents: captured,
          balance_cents: after,
          reference: hold.reference,
        };
      }),
    );
  }

  /** Gives back (part of) what was charged for `reference`; never more than was charged. */
  refund(call: MoneyCall): Promise<{ result: Movement; replayed: boolean }> {
    checkAmount(call.amountCents);
    return this.db.$transaction((tx) =>
      once(tx, { ...call, kind: 'refund' }, async () => {
        // Serialise refunds of one project so two of them cannot both pass the bound below.
        await tx.$queryRaw`SELECT 1 FROM accounts WHERE project_id = ${call.projectId} FOR UPDATE`;
        const totals = await tx.$queryRaw<{ charged: bigint | null; refunded: bigint | null }[]>`
          SELECT -SUM(amount_cents) FILTER (WHERE kind = 'charge') AS charged,
                 SUM(amount_cents) FILTER (WHERE kind = 'refund') AS refunded
            FROM ledger_entries WHERE project_id = ${call.projectId} AND reference = ${call.reference}`;
        const charged = Number(totals[0]?.charged ?? 0);
        const refunded = Number(totals[0]?.refunded ?? 0);
        if (call.reference === '' || refunded + call.amountCents > charged) {
          throw new DomainError(
            'REFUND_EXCEEDS_CHARGE',
            `refund of ${call.amountCents} cents exceeds what is left of the charge for "${call.reference}"`,
          );
        }
        const balance = await deposit(tx, call.projectId, call.amountCents);
        const id = await addEntry(tx, { ...call, kind: 'refund', balanceCents: balance });
        return movement(id, call, 'refund', call.amountCents, balance);
      }),
    );
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
}

function movement(id: string, call: MoneyCall, kind: EntryKind, amountCents: number, balanceCents: number): Movement {
  return {
    entry_id: id,
    project_id: call.projectId,
    amount_cents: amountCents,
    balance_cents: balanceCents,
    kind,
    reference: call.reference,
  };
}
