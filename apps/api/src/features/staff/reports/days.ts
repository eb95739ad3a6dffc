import { REPORT_DAYS_DEFAULT, REPORT_DAYS_MAX, REPORT_TEXTS } from '@lantern/contracts';
import type { RangeOutcome } from './months.ts';

/** `YYYY-MM-DD` of `now` on the calendar of `zone`. */
export function dayIn(zone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `2026-03-01` + -1 = `2026-02-28`: calendar arithmetic, which no zone or clock change moves. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The days a report covers: `to` defaults to today in the business zone and `from` to 29 days
 * before `to` (30 days in all). At most REPORT_DAYS_MAX days.
 */
export function reportDayRange(
  query: { from?: string | undefined; to?: string | undefined },
  zone: string,
  now: Date,
): RangeOutcome {
  const to = query.to ?? dayIn(zone, now);
  const from = query.from ?? addDays(to, -(REPORT_DAYS_DEFAULT - 1));
  if (from > to) return { ok: false, errors: { from: [REPORT_TEXTS.dayFromAfterTo] } };
  if (addDays(from, REPORT_DAYS_MAX - 1) < to)
    return { ok: false, errors: { from: [REPORT_TEXTS.tooManyDays] } };
  return { ok: true, from, to };
}
