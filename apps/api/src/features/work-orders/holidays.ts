/**
 * US federal holidays (5 U.S.C. 6103), computed by rule: no outside service. A fixed-date
 * holiday on a Saturday is observed the Friday before, on a Sunday the Monday after — so New
 * Year's Day on a Saturday is observed on December 31 of the year before.
 */

/** 'YYYY-MM-DD' of a UTC calendar day. */
const iso = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** The n-th (1-based) weekday (0 Sunday … 6 Saturday) of a month; n = -1 is the last. */
function nthWeekday(y: number, m: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    return iso(y, m, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(y, m, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return iso(y, m, lastDay.getUTCDate() - back);
}

/** A fixed date moved off the weekend the federal way. */
function observed(y: number, m: number, d: number): string {
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (day === 6) return iso(y, m, d - 1);
  if (day === 0) return iso(y, m, d + 1);
  return iso(y, m, d);
}

/** The days federal holidays of `year` are observed on, by name. */
export function federalHolidays(year: number): Array<{ day: string; name: string }> {
  return [
    { day: observed(year, 1, 1), name: "New Year's Day" },
    { day: nthWeekday(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { day: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { day: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    { day: observed(year, 6, 19), name: 'Juneteenth National Independence Day' },
    { day: observed(year, 7, 4), name: 'Independence Day' },
    { day: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { day: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    { day: observed(year, 11, 11), name: 'Veterans Day' },
    { day: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { day: observed(year, 12, 25), name: 'Christmas Day' },
  ];
}

/** The federal holiday observed on `day` ('YYYY-MM-DD'), if any. */
export function holidayOn(day: string): string | undefined {
  const year = Number(day.slice(0, 4));
  // December 31 may be next year's New Year's Day, observed.
  for (const y of [year, year + 1]) {
    const found = federalHolidays(y).find((h) => h.day === day);
    if (found) return found.name;
  }
  return undefined;
}
