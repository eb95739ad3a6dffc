/**
 * An open house's day and times as the home's clocks show them (issue 22): the owner's list, the
 * flyer and the public listing page all print them this way. Pure, on the runtime's Intl data.
 */

const rangeFormatters = new Map<string, Intl.DateTimeFormat>();
function rangeFormatter(timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withYear}`;
  let f = rangeFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    rangeFormatters.set(key, f);
  }
  return f;
}

/**
 * "Saturday, December 5, 1:00 – 3:00 PM CST": the day and times on the zone's clocks, with the
 * zone's abbreviation as it is on that day (CDT in summer). The thin and narrow spaces Intl puts
 * around the dash and before AM/PM become plain spaces, so the words print in any font.
 */
export function openHouseLabel(
  startsAt: Date,
  endsAt: Date,
  timeZone: string,
  options: { withYear?: boolean } = {},
): string {
  const format = rangeFormatter(timeZone, options.withYear ?? false);
  // Across a change of the clocks each end names its own zone ("1:30 AM EDT – 2:30 AM EST");
  // formatRange would name only the last one.
  const label =
    zoneAbbreviation(format, startsAt) === zoneAbbreviation(format, endsAt)
      ? format.formatRange(startsAt, endsAt)
      : `${dayOnly(timeZone, options.withYear ?? false).format(startsAt)}, ${timeOnly(timeZone).format(startsAt)} – ${timeOnly(timeZone).format(endsAt)}`;
  return label.replace(/[\u2009\u202f\u00a0]/g, ' ');
}

const zoneAbbreviation = (format: Intl.DateTimeFormat, at: Date) =>
  format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayOnly(timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withYear}`;
  let f = dayFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
    });
    dayFormatters.set(key, f);
  }
  return f;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
function timeOnly(timeZone: string): Intl.DateTimeFormat {
  let f = timeFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    timeFormatters.set(timeZone, f);
  }
  return f;
}
