/**
 * Quiet hours (issue 22): no text of the listing tools reaches anyone between 9 pm and 8 am in
 * the recipient's local time; one due then waits until 8 am there. Verification codes and Reset
 * PINs are not held (a person asked for them that moment; docs/decisions/044-text-for-info.md).
 * Pure functions of an instant and an IANA time zone, correct across daylight saving changes.
 */
import { wallClock, zonedInstantOrLater } from '@lantern/domain';

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

export { wallClock };

/** The instant the wall clock in `timeZone` shows `hour`:00 on the given day. */
export function instantAt(
  day: { year: number; month: number; day: number },
  hour: number,
  timeZone: string,
): Date {
  const pad = (n: number) => String(n).padStart(2, '0');
  return zonedInstantOrLater(
    { date: `${day.year}-${pad(day.month)}-${pad(day.day)}`, time: `${pad(hour)}:00` },
    timeZone,
  );
}

/** Whether `instant` falls in the recipient's quiet hours (21:00 up to 08:00 local). */
export function isQuietHour(instant: Date, timeZone: string): boolean {
  const { hour } = wallClock(instant, timeZone);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/**
 * The first instant at or after `now` when a text may reach someone in `timeZone`: `now` itself
 * outside quiet hours, else the coming 8 am local (the next day's after 9 pm, today's before 8).
 */
export function nextAllowedInstant(now: Date, timeZone: string): Date {
  if (!isQuietHour(now, timeZone)) return now;
  const w = wallClock(now, timeZone);
  const base = new Date(Date.UTC(w.year, w.month - 1, w.day));
  if (w.hour >= QUIET_FROM_HOUR) base.setUTCDate(base.getUTCDate() + 1);
  return instantAt(
    { year: base.getUTCFullYear(), month: base.getUTCMonth() + 1, day: base.getUTCDate() },
    QUIET_UNTIL_HOUR,
    timeZone,
  );
}
