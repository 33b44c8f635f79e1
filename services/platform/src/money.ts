// Money is integer cents (USD) everywhere inside; "0.00" strings only at the edges.

export type Cents = number;

export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** Parses a non-negative decimal amount ("5", "5.5", "5.50") into cents without floating point. */
export function parseAmount(text: string): Cents | undefined {
  if (!AMOUNT_PATTERN.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
