import { DomainError } from '@otp/platform';

// The shapes of the ledger's movements and their answers (what the RPC returns), and the checks
// every movement's amount passes.

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

export interface MoneyCall {
  projectId: string;
  amountCents: number;
  idempotencyKey: string;
  reference: string;
  description: string;
}

export interface Settlement {
  holdId: string;
  idempotencyKey: string;
  /** 0 captures the whole hold; a release always captures 0. */
  amountCents: number;
  description: string;
}

export function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new DomainError('INVALID_ARGUMENT', 'amount_cents must be a positive whole number');
  }
}

/** node-postgres answers bigint columns as strings. */
export interface HoldRow {
  project_id: string;
  amount_cents: string;
  captured_cents: string;
  reference: string;
  balance_cents: string;
}

export function movement(
  id: string,
  call: MoneyCall,
  kind: EntryKind,
  amountCents: number,
  balanceCents: number,
): Movement {
  return {
    entry_id: id,
    project_id: call.projectId,
    amount_cents: amountCents,
    balance_cents: balanceCents,
    kind,
    reference: call.reference,
  };
}
