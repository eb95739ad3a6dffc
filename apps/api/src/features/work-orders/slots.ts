import { PHOTO_CHANGE_HOURS, PHOTO_SLOT_MINUTES } from '@lantern/contracts';
import { addDays, zonedInstantOrLater } from '@lantern/domain';
import { earliestScheduleDay, isBusinessDay } from './schedule.ts';

/**
 * Photography slots (decision 046): pure functions on a photographer's weekly hours, read as
 * wall-clock times in the property's time zone, so a 9:00 slot is 9:00 there in winter and in
 * summer. Table-tested across daylight saving time in slots.test.ts.
 */

export interface Window {
  /** 1 Monday … 5 Friday. */
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface Span {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The instant at which the clock in `timeZone` reads `minute` minutes into `day`. A time the
 * clocks skip (2:30 on the spring-forward night) lands an hour later; a time that happens twice
 * (1:30 on the fall-back night) is the first.
 */
export function zonedInstant(day: string, minute: number, timeZone: string): Date {
  const pad = (n: number) => String(n).padStart(2, '0');
  return zonedInstantOrLater(
    { date: day, time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}` },
    timeZone,
  );
}

/** 1 Monday … 7 Sunday of a YYYY-MM-DD day. */
const isoWeekday = (day: string) => {
  const w = new Date(`${day}T00:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
};

/**
 * A photographer's slots from `fromDay` for `days` calendar days: on business days that are not
 * days off, back to back from the start of each window while a whole slot fits in it.
 */
export function slotsOf(
  hours: readonly Window[],
  daysOff: readonly string[],
  fromDay: string,
  days: number,
  timeZone: string,
): Span[] {
  const off = new Set(daysOff);
  const out: Span[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(fromDay, i);
    if (!isBusinessDay(day) || off.has(day)) continue;
    const weekday = isoWeekday(day);
    const windows = hours
      .filter((w) => w.weekday === weekday)
      .sort((a, b) => a.startMinute - b.startMinute);
    for (const w of windows)
      for (let m = w.startMinute; m + PHOTO_SLOT_MINUTES <= w.endMinute; m += PHOTO_SLOT_MINUTES)
        out.push({
          startsAt: zonedInstant(day, m, timeZone),
          endsAt: zonedInstant(day, m + PHOTO_SLOT_MINUTES, timeZone),
        });
  }
  return out;
}

/** Whether two spans share any time. */
export const overlaps = (a: Span, b: Span) =>
  a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();

/**
 * The slots that may be booked now: from the first day the 2 pm cutoff allows for a request made
 * now (schedule.ts), and not overlapping a visit the photographer already has.
 */
export function freeSlots(input: {
  hours: readonly Window[];
  daysOff: readonly string[];
  busy: readonly Span[];
  now: Date;
  timeZone: string;
  days: number;
}): Span[] {
  const from = earliestScheduleDay(input.now, input.timeZone);
  return slotsOf(input.hours, input.daysOff, from, input.days, input.timeZone).filter(
    (s) => !input.busy.some((b) => overlaps(s, b)),
  );
}

/** The last moment a booked visit may be moved or cancelled by the customer: 24 real hours before. */
export const changeDeadline = (startsAt: Date) =>
  new Date(startsAt.getTime() - PHOTO_CHANGE_HOURS * 3_600_000);

/** Whether the customer may still move or cancel a visit starting at `startsAt`. */
export const canChange = (startsAt: Date, now: Date) =>
  now.getTime() <= changeDeadline(startsAt).getTime();
