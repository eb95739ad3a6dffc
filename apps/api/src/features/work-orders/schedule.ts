import { addDays, localDateTime, wallClock } from '@lantern/domain';
import { holidayOn } from './holidays.ts';

/**
 * When a trip may be scheduled (issue 21, "Work orders"): a request made before 2 pm on a
 * business day, in the property's time zone, can be scheduled for the next business day; one
 * made later, or on a weekend or holiday, for the business day after that. Business days are
 * Monday to Friday except the federal holidays. Pure functions on 'YYYY-MM-DD' days.
 */
export const CUTOFF_HOUR = 14;

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Why a day is not a business day ('Saturday', 'Independence Day'), or undefined if it is. */
export function notBusinessDay(day: string): string | undefined {
  const w = weekday(day);
  if (w === 6) return 'a Saturday';
  if (w === 0) return 'a Sunday';
  return holidayOn(day);
}

export const isBusinessDay = (day: string) => notBusinessDay(day) === undefined;

/** The first business day after `day`. */
export function nextBusinessDay(day: string): string {
  let d = addDays(day, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The calendar day and hour of an instant in a time zone. */
export function localDayAndHour(instant: Date, timeZone: string): { day: string; hour: number } {
  const w = wallClock(instant, timeZone);
  return { day: localDateTime(instant, timeZone).date, hour: w.hour };
}

/** The earliest day a trip asked for at `requestedAt` may be scheduled for. */
export function earliestScheduleDay(requestedAt: Date, timeZone: string): string {
  const { day, hour } = localDayAndHour(requestedAt, timeZone);
  const next = nextBusinessDay(day);
  return isBusinessDay(day) && hour < CUTOFF_HOUR ? next : nextBusinessDay(next);
}

/** The next business day on or after `day`. */
export function businessDayOnOrAfter(day: string): string {
  return isBusinessDay(day) ? day : nextBusinessDay(day);
}
