import { REPORT_MONTHS_DEFAULT, REPORT_MONTHS_MAX, REPORT_TEXTS } from '@lantern/contracts';

/** `YYYY-MM` of `now` on the calendar of `zone`. */
export function monthIn(zone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** `2026-01` + -2 = `2025-11`. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) months.push(m);
  return months;
}

export type RangeOutcome =
  | { ok: true; from: string; to: string }
  | { ok: false; errors: Record<string, string[]> };

/**
 * The months a report covers: `to` defaults to this month in the business zone and `from` to
 * eleven months before `to` (twelve months in all). At most REPORT_MONTHS_MAX months.
 */
export function reportRange(
  query: { from?: string | undefined; to?: string | undefined },
  zone: string,
  now: Date,
): RangeOutcome {
  const to = query.to ?? monthIn(zone, now);
  const from = query.from ?? addMonths(to, -(REPORT_MONTHS_DEFAULT - 1));
  if (from > to) return { ok: false, errors: { from: [REPORT_TEXTS.fromAfterTo] } };
  if (monthsBetween(from, to).length > REPORT_MONTHS_MAX)
    return { ok: false, errors: { from: [REPORT_TEXTS.tooLong] } };
  return { ok: true, from, to };
}
