import { REPORT_DAYS_DEFAULT, REPORT_DAYS_MAX, REPORT_TEXTS } from '@lantern/contracts';
import { addDays } from '@lantern/domain';
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
