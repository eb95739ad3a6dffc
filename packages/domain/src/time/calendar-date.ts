/**
 * Calendar dates as ISO `YYYY-MM-DD` strings, counted in UTC: a day is a day whatever the zone,
 * so no clock change moves the arithmetic. Which day it is in a zone is zoned-time's question.
 */
const DAY_MS = 86_400_000;

/** Milliseconds at the start of `day` in UTC (NaN for a string that is no date). */
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Today in UTC; `ExpirationDate`-style limits compare against it. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/** `2026-03-01` + -1 = `2026-02-28`. Throws a RangeError for a string that is no date. */
export function addDays(day: string, days: number): string {
  return new Date(startOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`: negative when `to` is earlier, 0 on the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((startOf(to) - startOf(from)) / DAY_MS);
}

/** Every day from `from` to `to`, both included, oldest first; empty when `to` is earlier. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
