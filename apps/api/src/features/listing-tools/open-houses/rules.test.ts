import { OPEN_HOUSE_LIMITS, OPEN_HOUSE_TEXTS as T } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { type ActiveOpenHouse, checkOpenHouse, type OpenHouseTimes } from './rules.ts';

const CHICAGO = 'America/Chicago';
/** Tuesday, December 1, 2026, noon in Chicago. */
const NOW = new Date('2026-12-01T18:00:00Z');

const other = (start: string, end: string, hash = 'other'): ActiveOpenHouse => ({
  hash,
  startsAt: new Date(start),
  endsAt: new Date(end),
});
/** Saturday, December 5, 2:00 – 4:00 PM CST. */
const SATURDAY_2_TO_4 = other('2026-12-05T20:00:00Z', '2026-12-05T22:00:00Z');

const check = (
  times: OpenHouseTimes,
  over: { others?: ActiveOpenHouse[]; adding?: boolean; now?: Date } = {},
) =>
  checkOpenHouse(times, {
    timeZone: CHICAGO,
    now: over.now ?? NOW,
    others: over.others ?? [],
    adding: over.adding ?? true,
  });

describe('checkOpenHouse', () => {
  it.each([
    // [what, date, start, end, field, message]
    ['ends before it starts', '2026-12-05', '15:00', '13:00', 'endTime', T.endBeforeStart],
    ['ends when it starts', '2026-12-05', '13:00', '13:00', 'endTime', T.endBeforeStart],
    ['is too short', '2026-12-05', '13:00', '13:15', 'endTime', T.tooShort],
    ['is too long', '2026-12-05', '08:00', '16:01', 'endTime', T.tooLong],
    ['is on a day gone by', '2026-11-30', '13:00', '15:00', 'date', T.dayPassed],
    ['starts earlier today', '2026-12-01', '11:00', '13:00', 'startTime', T.timePassed],
    ['starts right now', '2026-12-01', '12:00', '13:00', 'startTime', T.timePassed],
    ['is too far ahead', '2027-05-31', '13:00', '15:00', 'date', T.tooFarAhead],
    [
      'overlaps another',
      '2026-12-05',
      '13:00',
      '14:30',
      'startTime',
      T.overlaps('Saturday, December 5, 2:00 – 4:00 PM CST'),
    ],
    [
      'lies inside another',
      '2026-12-05',
      '14:30',
      '15:30',
      'startTime',
      T.overlaps('Saturday, December 5, 2:00 – 4:00 PM CST'),
    ],
  ])('refuses one that %s, naming the field', (_what, date, startTime, endTime, name, message) => {
    const verdict = check({ date, startTime, endTime }, { others: [SATURDAY_2_TO_4] });
    expect(verdict).toEqual({ ok: false, status: 422, message, errors: { [name]: [message] } });
  });

  it.each([
    ['a usual afternoon', '2026-12-05', '10:00', '12:00', '2026-12-05T16:00:00.000Z', 120],
    [
      'one ending as another starts',
      '2026-12-05',
      '12:00',
      '14:00',
      '2026-12-05T18:00:00.000Z',
      120,
    ],
    [
      'one starting as another ends',
      '2026-12-05',
      '16:00',
      '16:30',
      '2026-12-05T22:00:00.000Z',
      30,
    ],
    ['exactly 8 hours', '2026-12-06', '08:00', '16:00', '2026-12-06T14:00:00.000Z', 480],
    ['later today', '2026-12-01', '12:30', '13:30', '2026-12-01T18:30:00.000Z', 60],
    ['the last day allowed', '2027-05-30', '13:00', '15:00', '2027-05-30T18:00:00.000Z', 120],
  ])('takes %s', (_what, date, startTime, endTime, startsAt, minutes) => {
    const verdict = check({ date, startTime, endTime }, { others: [SATURDAY_2_TO_4] });
    if (!verdict.ok) throw new Error(verdict.message);
    expect(verdict.startsAt.toISOString()).toBe(startsAt);
    expect((verdict.endsAt.getTime() - verdict.startsAt.getTime()) / 60_000).toBe(minutes);
  });

  it('reads the times on the clocks of the day the clocks change', () => {
    const march = new Date('2026-03-01T18:00:00Z');
    // 2:30 AM does not exist on March 8 in Chicago.
    expect(
      check({ date: '2026-03-08', startTime: '02:30', endTime: '04:00' }, { now: march }),
    ).toEqual({
      ok: false,
      status: 422,
      message: T.noSuchTime,
      errors: { startTime: [T.noSuchTime] },
    });
    // 1:00 to 4:00 on the clocks is two hours that night, and the afternoon is daylight time.
    const night = check(
      { date: '2026-03-08', startTime: '01:00', endTime: '04:00' },
      { now: march },
    );
    expect(night.ok && (night.endsAt.getTime() - night.startsAt.getTime()) / 3_600_000).toBe(2);
    const afternoon = check(
      { date: '2026-03-08', startTime: '13:00', endTime: '15:00' },
      { now: march },
    );
    expect(afternoon.ok && afternoon.startsAt.toISOString()).toBe('2026-03-08T18:00:00.000Z');
    // November 1: 1:00 to 2:00 on the clocks is two hours (1:00 comes back round).
    const october = new Date('2026-10-20T18:00:00Z');
    const back = check(
      { date: '2026-11-01', startTime: '01:00', endTime: '02:00' },
      { now: october },
    );
    expect(back.ok && (back.endsAt.getTime() - back.startsAt.getTime()) / 3_600_000).toBe(2);
  });

  it(`allows ${OPEN_HOUSE_LIMITS.maxUpcoming} planned at once when adding, not when changing`, () => {
    const planned = Array.from({ length: OPEN_HOUSE_LIMITS.maxUpcoming }, (_, i) =>
      other(
        `2026-12-${String(10 + i).padStart(2, '0')}T18:00:00Z`,
        `2026-12-${String(10 + i).padStart(2, '0')}T20:00:00Z`,
        `h${i}`,
      ),
    );
    const times = { date: '2026-12-05', startTime: '13:00', endTime: '15:00' };
    expect(check(times, { others: planned })).toEqual({
      ok: false,
      status: 409,
      message: T.tooMany,
    });
    expect(check(times, { others: planned.slice(1) }).ok).toBe(true);
    expect(check(times, { others: planned, adding: false }).ok).toBe(true);
  });
});
