/**
 * Wall-clock time in an IANA time zone, for everything scheduled at a home (showings, open
 * houses, photography slots, quiet hours for texts): read an instant as the zone's clocks show
 * it, and find the instant the clocks show a given day and time — daylight saving changes
 * included. Pure, on the runtime's Intl data; no imports, so the dashboard can use it too.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** `YYYY-MM-DD` and `HH:MM` in a time zone, as date and time inputs give them. */
export interface TLocalDateTime {
  date: string;
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** What the clocks in `timeZone` show at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 0,
    month: out.month ?? 0,
    day: out.day ?? 0,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day (YYYY-MM-DD) and time (HH:MM) an instant shows on the zone's clocks. */
export function localDateTime(instant: Date, timeZone: string): TLocalDateTime {
  const w = wallClock(instant, timeZone);
  return {
    date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}`,
  };
}

/** How far the zone's clocks are ahead of UTC at `ms`, in milliseconds (whole seconds). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(new Date(ms), timeZone);
  return (
    Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000
  );
}

const DAY_MS = 86_400_000;

/** The local day and time read as if UTC, or null for something that is no real day or time. */
function asUtcMs(local: TLocalDateTime): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(local.date);
  const t = /^(\d{2}):(\d{2})$/.exec(local.time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (h > 23 || mi > 59) return null;
  const ms = Date.UTC(y, mo - 1, da, h, mi);
  const check = new Date(ms);
  return check.getUTCDate() === da && check.getUTCMonth() === mo - 1 ? ms : null;
}

/** The instants the clocks show `local` (none, one, or two when they go back), earliest first. */
function instantsOf(
  local: TLocalDateTime,
  timeZone: string,
): { asUtc: number; found: number[] } | null {
  const asUtc = asUtcMs(local);
  if (asUtc === null) return null;
  // The offsets in force a day either side cover a change of the clocks on that day.
  const offsets = new Set([offsetAt(asUtc - DAY_MS, timeZone), offsetAt(asUtc + DAY_MS, timeZone)]);
  const found = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((ms) => {
      const back = localDateTime(new Date(ms), timeZone);
      return back.date === local.date && back.time === local.time;
    })
    .sort((a, b) => a - b);
  return { asUtc, found };
}

/**
 * The instant the zone's clocks show `local`: of a time that comes twice (clocks going back),
 * the first; null for a time they skip (clocks going forward) or no real day or time.
 */
export function zonedInstant(local: TLocalDateTime, timeZone: string): Date | null {
  const first = instantsOf(local, timeZone)?.found[0];
  return first === undefined ? null : new Date(first);
}

/**
 * As `zonedInstant`, but a skipped time is read with the offset before the change, so it lands
 * that much later (2:30 on the spring-forward night is 3:30): for hours that must map somewhere,
 * like a photographer's weekly hours or 8 am. Throws on no real day or time.
 */
export function zonedInstantOrLater(local: TLocalDateTime, timeZone: string): Date {
  const read = instantsOf(local, timeZone);
  if (!read) throw new RangeError(`not a day and time: ${local.date} ${local.time}`);
  const first = read.found[0];
  if (first !== undefined) return new Date(first);
  return new Date(read.asUtc - offsetAt(read.asUtc - DAY_MS, timeZone));
}
