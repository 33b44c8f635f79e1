import {
  DomainError,
  implement,
  normalizePhone,
  phoneProblem,
  quoteFor,
  recordBalanceOperation,
  type Logger,
  type PriceList,
} from '@otp/platform';
import type { BillingHandlers } from '@otp/proto';
import { operationKey } from '../store/idempotency.js';
import type { Ledger } from '../store/ledger.js';

const LEDGER_PAGE_DEFAULT = 100;
const LEDGER_PAGE_MAX = 500;

/** Runs a money call, counts it for the balance-operations metric, and answers it with `replayed`. */
async function measured<R>(
  kind: string,
  cents: number,
  move: () => Promise<{ result: R; replayed: boolean }>,
): Promise<R & { replayed: boolean }> {
  try {
    const { result, replayed } = await move();
    recordBalanceOperation(kind, replayed ? 'replayed' : 'ok', cents);
    return { ...result, replayed };
  } catch (error) {
    recordBalanceOperation(kind, 'refused', cents);
    throw error;
  }
}

function required(value: string, field: string): string {
  if (!value) throw new DomainError('INVALID_ARGUMENT', `${field} is required`);
  return value;
}

/** The fields every project-level money request (hold, charge, refund) shares. */
function moneyCall(request: {
  project_id: string;
  amount_cents: number;
  idempotency_key: string;
  reference: string;
  description: string;
}) {
  return {
    projectId: required(request.project_id, 'project_id'),
    amountCents: request.amount_cents,
    idempotencyKey: operationKey(request.idempotency_key),
    reference: request.reference,
    description: request.description,
  };
}

export function billingHandlers(deps: {
  ledger: Ledger;
  /** The rate card and the fees, loaded at start, and their version (priceListVersion). */
  prices: PriceList;
  pricesVersion: string;
  logger: Logger;
}): BillingHandlers {
  const { ledger, prices } = deps;
  // GetFees and ListRates answer the same fees, loaded once at start.
  const fees = { verify_fee_cents: prices.verifyFeeCents, messenger_fee_cents: prices.messengerFeeCents };
  return implement<BillingHandlers>(deps.logger, {
    async GetAccount(request) {
      const account = await ledger.balance(required(request.project_id, 'project_id'));
      if (!account) throw new DomainError('PROJECT_NOT_FOUND', `no account for project ${request.project_id}`);
      return {
        project_id: request.project_id,
        balance_cents: account.balanceCents,
        updated_at: account.updatedAt.toISOString(),
      };
    },

    async Credit(request) {
      const movement = await measured('credit', request.amount_cents, () =>
        ledger.credit({
          projectId: required(request.project_id, 'project_id'),
          amountCents: request.amount_cents,
          idempotencyKey: operationKey(request.idempotency_key),
          reference: request.reason,
          description: request.note,
        }),
      );
      deps.logger.info(
        {
          project_id: request.project_id,
          amount_cents: request.amount_cents,
          reason: request.reason,
          replayed: movement.replayed,
        },
        'credit',
      );
      return movement;
    },

    Hold: async (request) => {
      if (request.capture_cents <= 0)
        return measured('hold', request.amount_cents, () => ledger.hold(moneyCall(request)));
      // Captured in the same movement (one call for Hold then Capture): counted as both.
      const hold = await measured('hold', request.amount_cents, () =>
        ledger.holdCaptured(moneyCall(request), {
          amountCents: request.capture_cents,
          idempotencyKey: operationKey(request.capture_idempotency_key),
          description: request.capture_description,
        }),
      );
      if (hold.status === 'captured') {
        recordBalanceOperation('capture', hold.replayed ? 'replayed' : 'ok', request.capture_cents);
      }
      return hold;
    },

    Capture: (request) =>
      measured('capture', request.amount_cents, () =>
        ledger.capture({
          holdId: required(request.hold_id, 'hold_id'),
          idempotencyKey: operationKey(request.idempotency_key),
          amountCents: request.amount_cents,
          description: request.description,
        }),
      ),

    Release: (request) =>
      measured('release', 0, () =>
        ledger.release({
          holdId: required(request.hold_id, 'hold_id'),
          idempotencyKey: operationKey(request.idempotency_key),
        }),
      ),

    Charge: (request) => measured('charge', request.amount_cents, () => ledger.charge(moneyCall(request))),

    Refund: (request) => measured('refund', request.amount_cents, () => ledger.refund(moneyCall(request))),

    async Quote(request) {
      const to = required(request.to, 'to');
      const phone = normalizePhone(to);
      if (!phone) throw new DomainError('INVALID_ARGUMENT', phoneProblem('to', to)!);
      return quoteFor(deps.prices, phone);
    },

    async GetFees() {
      return fees;
    },

    async ListLedger(request) {
      const limit = Math.min(request.limit > 0 ? request.limit : LEDGER_PAGE_DEFAULT, LEDGER_PAGE_MAX);
      const page = await ledger.entries(
        required(request.project_id, 'project_id'),
        limit,
        request.before_id || undefined,
      );
      return {
        entries: page.entries.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          amount_cents: Number(entry.amountCents),
          balance_cents: Number(entry.balanceCents),
          reference: entry.reference,
          description: entry.description,
          created_at: entry.createdAt.toISOString(),
        })),
        next_before_id: page.more ? (page.entries.at(-1)?.id ?? '') : '',
      };
    },

    async SetSpendLimit(request) {
      const projectId = required(request.project_id, 'project_id');
      const cents = request.daily_spend_limit_cents;
      if (!Number.isSafeInteger(cents) || cents < -1) {
        throw new DomainError('INVALID_ARGUMENT', 'daily_spend_limit_cents must be -1 (no limit) or 0 or more');
      }
      const limit = await ledger.setSpendLimit(projectId, cents === -1 ? null : cents);
      return {
        project_id: projectId,
        daily_spend_limit_cents: limit.limitCents ?? -1,
        spent_today_cents: limit.spentTodayCents,
      };
    },

    async ListRates(request) {
      const version = deps.pricesVersion;
      if (request.known_version === version) return { rates: [], version, unchanged: true, ...fees };
      return { rates: [...prices.rates], version, unchanged: false, ...fees };
    },
  });
}
