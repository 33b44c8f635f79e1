// Ledger and resource reads shared by the crash-safety suites (admin API only).
import type { JsonClient } from './http.js';

export interface LedgerEntry {
  kind: string;
  amount: string;
  reference: string;
}

/** Every ledger entry of a project, newest first (all pages). */
export async function ledgerOf(admin: JsonClient, projectId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let before: string | null = null;
  do {
    const page: { status: number; text: string; body: { entries: LedgerEntry[]; next_before: string | null } } =
      await admin.get(`/projects/${projectId}/ledger?limit=500${before ? `&before=${before}` : ''}`);
    if (page.status !== 200) throw new Error(`ledger: ${page.status} ${page.text}`);
    entries.push(...page.body.entries);
    before = page.body.next_before;
  } while (before);
  return entries;
}

/** Amounts are decimal strings with two decimals; cents keep the sums exact. */
export function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/** The signed sum, in cents, of the entries that reference one of `references` (holds net out once settled). */
export function netCents(entries: LedgerEntry[], references: string[]): number {
  const wanted = new Set(references);
  return entries.filter((e) => wanted.has(e.reference)).reduce((sum, e) => sum + cents(e.amount), 0);
}
