/**
 * Quiet hours (issue 22): no text of the listing tools reaches anyone between 9 pm and 8 am in
 * the recipient's local time; one due then waits until 8 am there. Verification codes and Reset
 * PINs are not held (a person asked for them that moment; docs/decisions/044-text-for-info.md).
 * Pure functions of an instant and an IANA time zone, correct across daylight saving changes.
 */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the wall clock in `timeZone` shows `hour`:00 on the given day. */
export function instantAt(
  day: { year: number; month: number; day: number },
  hour: number,
  timeZone: string,
): Date {
  const guess = Date.UTC(day.year, day.month - 1, day.day, hour);
  // The offset at the guess may differ from the one at the answer when a change lies between.
  const first = guess - offsetMs(new Date(guess), timeZone);
  return new Date(guess - offsetMs(new Date(first), timeZone));
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
