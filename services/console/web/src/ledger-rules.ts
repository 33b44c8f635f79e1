import type { LedgerEntry } from './types.js';

// Pure rules over ledger entries: the CSV export and the overview's spend per day.

const COLUMNS: (keyof LedgerEntry)[] = ['created_at', 'kind', 'amount', 'balance', 'reference', 'description'];

/** A plain decimal number, as the ledger's amounts and balances are (`-0.02`): a value, not a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * Quoted always; a cell a spreadsheet would read as a formula (OWASP "CSV injection": it starts
 * with =, +, -, @, a tab or a carriage return) gets a leading `'`. Plain numbers stay numbers, so
 * a charge of -0.02 is still summable; anything else starting with `-` (`-1+cmd|...`) is text.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function ledgerCsv(entries: LedgerEntry[]): string {
  const lines = [COLUMNS.join(','), ...entries.map((e) => COLUMNS.map((c) => csvCell(String(e[c]))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Money spent per UTC day: every ledger movement except credits (refunds count back). */
export function spendByDay(entries: LedgerEntry[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind === 'credit') continue;
    const day = entry.created_at.slice(0, 10);
    out.set(day, (out.get(day) ?? 0) - Number(entry.amount));
  }
  return out;
}
