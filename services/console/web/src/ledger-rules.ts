import type { LedgerEntry } from './types.js';

// Pure rules over ledger entries: the CSV export and the overview's spend per day.

const COLUMNS: (keyof LedgerEntry)[] = ['created_at', 'kind', 'amount', 'balance', 'reference', 'description'];

function csvCell(value: string): string {
  // Quoted always; a leading formula character is neutralised so spreadsheets do not run it.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
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
