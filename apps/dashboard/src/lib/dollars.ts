/**
 * What staff type for an amount ("149", "149.5", "$1,049.00") in whole cents, or null when it
 * is not an amount of money. Parsed from the digits, never through floating point.
 */
export function parseDollars(input: string): number | null {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!m?.[1]) return null;
  const dollars = Number(m[1].replaceAll(',', ''));
  const cents = Number((m[2] ?? '').padEnd(2, '0') || '0');
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Whole cents as staff type them back into an amount field: 17950 → "179.50". */
export function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
