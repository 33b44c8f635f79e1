import type { NamedStatement } from '@otp/platform';

// The money statements of every send (hold, charge, capture, release): named statements on the
// pool Prisma shares (docs/developing.md, "Hot paths"), parsed and planned once per connection.
// The text is the whole movement: the conditional balance UPDATE (never read-then-write), its
// ledger entries and its idempotency record commit or fail together (see ledger.ts).

// The daily spend limit (guard's fraud settings; docs/abuse-defence.md "Abuse defence") counts UTC days. A debit
// that would take today's spend past it moves nothing, in the same conditional UPDATE as the
// balance check, so concurrent sends can never overshoot it. "Today" is a parameter, the day of
// Billing's clock (ledger.ts), not the database's: a test moves it past midnight.
//
// Every movement but a credit records the day it counts on (`spend_day`): a debit today's, a
// release or refund the day its money was counted (the hold's, the charge's). The account keeps
// only the running total of its `spend_day`; money that comes back for an earlier day leaves it
// alone, so spend given back across midnight never makes room under today's limit.

/** What the account spent on `today` (0 once the day turned); `today` a `$n::date` parameter. */
export function spentOn(today: string): string {
  return `(CASE WHEN spend_day = ${today} THEN spent_today_cents ELSE 0 END)`;
}

/**
 * The account's running total after `amount` came back for `countedOn` (the day it was counted):
 * less only when that day is the one the total is for, and is `today`.
 */
export function givenBack(amount: string, countedOn: string, today: string): string {
  return `CASE WHEN accounts.spend_day = ${today} AND ${countedOn} = ${today}
               THEN GREATEST(0, accounts.spent_today_cents - (${amount})) ELSE accounts.spent_today_cents END`;
}

/** The day a hold's money was counted (holds from before `spend_day`: the day it was taken). */
const HOLD_DAY = `COALESCE(holds.spend_day, (holds.created_at AT TIME ZONE 'UTC')::date)`;

/**
 * A debit: $1 project, $2 amount, $3 entry id, $4 kind, $5 reference, $6 description,
 * $7 idempotency key, $8 the result without its balance, $9 today; `also` adds rows of the movement.
 */
function debit(name: string, also: string): NamedStatement {
  const spent = spentOn('$9::date');
  return {
    name,
    text: `WITH debit AS (
             UPDATE accounts SET balance_cents = balance_cents - $2::bigint,
                    spent_today_cents = ${spent} + $2::bigint,
                    spend_day = $9::date, updated_at = now()
              WHERE project_id = $1::text AND balance_cents >= $2::bigint
                AND (daily_spend_limit_cents IS NULL OR ${spent} + $2::bigint <= daily_spend_limit_cents)
             RETURNING balance_cents)${also},
           entry AS (
             INSERT INTO ledger_entries (id, project_id, kind, amount_cents, balance_cents, reference, description,
                                         idempotency_key, spend_day)
             SELECT $3::uuid, $1::text, $4::text, -$2::bigint, balance_cents, $5::text, $6::text, $7::text, $9::date
               FROM debit),
           operation AS (
             INSERT INTO operations (idempotency_key, kind, project_id, result)
             SELECT $7::text, $4::text, $1::text, $8::jsonb || jsonb_build_object('balance_cents', balance_cents) FROM debit)
           SELECT balance_cents FROM debit`,
  };
}

export const MONEY_STATEMENTS = {
  charge: debit('billing_charge', ''),
  /** $10 the hold's id. */
  hold: debit(
    'billing_hold',
    `,
           hold AS (
             INSERT INTO holds (id, project_id, amount_cents, status, reference, spend_day)
             SELECT $10::uuid, $1::text, $2::bigint, 'held', $5::text, $9::date FROM debit)`,
  ),
  /**
   * A hold captured in the same movement (Hold with capture_cents): what Hold then Capture would
   * write, in one statement. $1-$9 as a hold ($8 the result, status `captured`, $9 today), $10
   * the hold's id, $11 the amount captured, $12 the release entry's id, $13 the charge entry's
   * id, $14 the capture's description, $15 its idempotency key. The balance must cover the whole
   * hold (and today's spend take it) even though only the captured part leaves: the hold proves
   * the balance covers fee + first send. Ledger: the hold, then the hold back in full, then the
   * charge; both keys get their record, so a later Capture, Release or replay answers as if two
   * calls were made.
   */
  holdCaptured: {
    name: 'billing_hold_captured',
    text: `WITH debit AS (
             UPDATE accounts SET balance_cents = balance_cents - $11::bigint,
                    spent_today_cents = ${spentOn('$9::date')} + $11::bigint,
                    spend_day = $9::date, updated_at = now()
              WHERE project_id = $1::text AND balance_cents >= $2::bigint AND $11::bigint <= $2::bigint
                AND (daily_spend_limit_cents IS NULL OR ${spentOn('$9::date')} + $2::bigint <= daily_spend_limit_cents)
             RETURNING balance_cents),
           hold AS (
             INSERT INTO holds (id, project_id, amount_cents, captured_cents, status, reference, spend_day)
             SELECT $10::uuid, $1::text, $2::bigint, $11::bigint, 'captured', $5::text, $9::date FROM debit),
           entries AS (
             INSERT INTO ledger_entries (id, project_id, kind, amount_cents, balance_cents, reference, description,
                                         idempotency_key, spend_day)
             SELECT e.id, $1::text, e.kind, e.amount_cents, e.balance_cents, $5::text, e.description, e.idempotency_key,
                    $9::date
               FROM debit, LATERAL (VALUES
                 (1, $3::uuid, $4::text, -$2::bigint, debit.balance_cents + $11::bigint - $2::bigint, $6::text, $7::text),
                 (2, $12::uuid, 'release', $2::bigint, debit.balance_cents + $11::bigint, $14::text, $15::text),
                 (3, $13::uuid, 'charge', -$11::bigint, debit.balance_cents, $14::text, $15::text)
               ) AS e(step, id, kind, amount_cents, balance_cents, description, idempotency_key)
              ORDER BY e.step),
           operation AS (
             INSERT INTO operations (idempotency_key, kind, project_id, result)
             SELECT k.idempotency_key, k.kind, $1::text, $8::jsonb || jsonb_build_object('balance_cents', debit.balance_cents)
               FROM debit, (VALUES ($7::text, 'hold'), ($15::text, 'capture')) AS k(idempotency_key, kind))
           SELECT balance_cents FROM debit`,
  },
  /**
   * A capture or release of a held hold: $1 hold id, $2 to (`captured`/`released`), $3 amount
   * (0: all, for a capture), $4 release entry id, $5 charge entry id, $6 description,
   * $7 idempotency key, $8 kind (`capture`/`release`), $9 today. The ledger gets the hold back in
   * full, then the captured part as a charge, both on the hold's spend day: what is not captured
   * comes off that day's spend. The status condition makes capture and release race-safe: only
   * one of them finds the hold `held`.
   */
  settle: {
    name: 'billing_settle',
    text: `WITH settled AS (
             UPDATE holds SET status = $2::text,
                    captured_cents = CASE WHEN $2::text = 'captured' THEN COALESCE(NULLIF($3::bigint, 0), amount_cents) ELSE 0 END,
                    updated_at = now()
              WHERE id = $1::uuid AND status = 'held' AND amount_cents >= $3::bigint
             RETURNING project_id, amount_cents, captured_cents, reference, ${HOLD_DAY} AS spend_day),
           account AS (
             UPDATE accounts SET balance_cents = accounts.balance_cents + settled.amount_cents - settled.captured_cents,
                    spent_today_cents = ${givenBack('settled.amount_cents - settled.captured_cents', 'settled.spend_day', '$9::date')},
                    updated_at = now()
               FROM settled WHERE accounts.project_id = settled.project_id
             RETURNING accounts.balance_cents),
           entries AS (
             INSERT INTO ledger_entries (id, project_id, kind, amount_cents, balance_cents, reference, description,
                                         idempotency_key, spend_day)
             SELECT e.id, settled.project_id, e.kind, e.amount_cents, e.balance_cents, settled.reference, $6::text, $7::text,
                    settled.spend_day
               FROM settled, account, LATERAL (VALUES
                 (1, $4::uuid, 'release', settled.amount_cents, account.balance_cents + settled.captured_cents),
                 (2, $5::uuid, 'charge', -settled.captured_cents, account.balance_cents)
               ) AS e(step, id, kind, amount_cents, balance_cents)
              WHERE e.kind = 'release' OR settled.captured_cents > 0
              ORDER BY e.step),
           operation AS (
             INSERT INTO operations (idempotency_key, kind, project_id, result)
             SELECT $7::text, $8::text, settled.project_id,
                    jsonb_build_object('hold_id', $1::text, 'project_id', settled.project_id, 'status', $2::text,
                      'amount_cents', settled.amount_cents, 'captured_cents', settled.captured_cents,
                      'balance_cents', account.balance_cents, 'reference', settled.reference)
               FROM settled, account)
           SELECT settled.project_id, settled.amount_cents, settled.captured_cents, settled.reference, account.balance_cents
             FROM settled, account`,
  },
  // The reads that answer a movement that moved nothing: a replay, or why it was refused.
  /** $1 idempotency key: the record of the call that used it. */
  operation: {
    name: 'billing_operation',
    text: 'SELECT kind, project_id, result FROM operations WHERE idempotency_key = $1::text',
  },
  /** $1 project. */
  account: {
    name: 'billing_account',
    text: 'SELECT balance_cents, updated_at FROM accounts WHERE project_id = $1::text',
  },
  /** $1 hold id (a UUID). */
  holdState: {
    name: 'billing_hold_state',
    text: 'SELECT status, amount_cents FROM holds WHERE id = $1::uuid',
  },
} satisfies Record<string, NamedStatement>;
