import { describe, expect, it } from 'vitest';
import { instantAt, isQuietHour, nextAllowedInstant, wallClock } from './quiet-hours.ts';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const PHX = 'America/Phoenix';

/** The table: an instant (UTC), the zone, whether it is quiet, and when a text may go. */
const cases: [string, string, string, boolean, string][] = [
  // [what, now (UTC), zone, quiet, next allowed (UTC)]
  ['20:59 EDT is allowed', '2026-06-10T00:59:00Z', NY, false, '2026-06-10T00:59:00Z'],
  ['20:59:59 EDT is allowed', '2026-06-10T00:59:59Z', NY, false, '2026-06-10T00:59:59Z'],
  ['21:00 EDT waits for 08:00 next day', '2026-06-10T01:00:00Z', NY, true, '2026-06-10T12:00:00Z'],
  ['23:30 EDT waits for 08:00 next day', '2026-06-10T03:30:00Z', NY, true, '2026-06-10T12:00:00Z'],
  [
    '00:10 EDT waits for 08:00 the same day',
    '2026-06-10T04:10:00Z',
    NY,
    true,
    '2026-06-10T12:00:00Z',
  ],
  ['07:59 EDT waits a minute', '2026-06-10T11:59:00Z', NY, true, '2026-06-10T12:00:00Z'],
  ['08:00 EDT is allowed', '2026-06-10T12:00:00Z', NY, false, '2026-06-10T12:00:00Z'],
  ['noon PDT is allowed', '2026-06-10T19:00:00Z', LA, false, '2026-06-10T19:00:00Z'],
  // The same instant: 21:00 in New York, 18:00 in Los Angeles.
  [
    '18:00 PDT is allowed while New York is quiet',
    '2026-06-10T01:00:00Z',
    LA,
    false,
    '2026-06-10T01:00:00Z',
  ],
  ['21:00 EST in winter', '2026-01-15T02:00:00Z', NY, true, '2026-01-15T13:00:00Z'],
  ['07:59 EST in winter', '2026-01-15T12:59:00Z', NY, true, '2026-01-15T13:00:00Z'],
  ['08:00 EST in winter', '2026-01-15T13:00:00Z', NY, false, '2026-01-15T13:00:00Z'],
  // Spring forward (New York, 8 March 2026, 02:00 EST → 03:00 EDT): the night before is 1 h shorter.
  [
    '22:00 EST the night before spring forward',
    '2026-03-08T03:00:00Z',
    NY,
    true,
    '2026-03-08T12:00:00Z',
  ],
  ['01:59 EST just before the change', '2026-03-08T06:59:00Z', NY, true, '2026-03-08T12:00:00Z'],
  ['03:00 EDT just after the change', '2026-03-08T07:00:00Z', NY, true, '2026-03-08T12:00:00Z'],
  ['07:59 EDT on the change day', '2026-03-08T11:59:00Z', NY, true, '2026-03-08T12:00:00Z'],
  ['08:00 EDT on the change day', '2026-03-08T12:00:00Z', NY, false, '2026-03-08T12:00:00Z'],
  ['21:00 EDT on the change day', '2026-03-09T01:00:00Z', NY, true, '2026-03-09T12:00:00Z'],
  // Fall back (New York, 1 November 2026, 02:00 EDT → 01:00 EST): the night is 1 h longer.
  [
    '21:00 EDT the night before fall back',
    '2026-11-01T01:00:00Z',
    NY,
    true,
    '2026-11-01T13:00:00Z',
  ],
  ['01:30 EDT (the first 01:30)', '2026-11-01T05:30:00Z', NY, true, '2026-11-01T13:00:00Z'],
  ['01:30 EST (the second 01:30)', '2026-11-01T06:30:00Z', NY, true, '2026-11-01T13:00:00Z'],
  ['07:59 EST on the change day', '2026-11-01T12:59:00Z', NY, true, '2026-11-01T13:00:00Z'],
  ['08:00 EST on the change day', '2026-11-01T13:00:00Z', NY, false, '2026-11-01T13:00:00Z'],
  ['20:59 EST on the change day', '2026-11-02T01:59:00Z', NY, false, '2026-11-02T01:59:00Z'],
  // Los Angeles changes at its own 2 am, three hours after New York.
  [
    '21:00 PST the night before spring forward',
    '2026-03-08T05:00:00Z',
    LA,
    true,
    '2026-03-08T15:00:00Z',
  ],
  [
    '21:00 PDT the night before fall back',
    '2026-11-01T04:00:00Z',
    LA,
    true,
    '2026-11-01T16:00:00Z',
  ],
  // Phoenix keeps no daylight saving time: 8 am is 15:00 UTC all year.
  ['21:00 MST in summer', '2026-06-10T04:00:00Z', PHX, true, '2026-06-10T15:00:00Z'],
  [
    '21:00 MST on New York’s spring-forward night',
    '2026-03-08T04:00:00Z',
    PHX,
    true,
    '2026-03-08T15:00:00Z',
  ],
  // The last night of a year and of February in a leap year.
  ['22:00 EST on New Year’s Eve', '2027-01-01T03:00:00Z', NY, true, '2027-01-01T13:00:00Z'],
  ['23:00 EST on 28 February 2028', '2028-02-29T04:00:00Z', NY, true, '2028-02-29T13:00:00Z'],
];

describe('quiet hours', () => {
  it.each(cases)('%s', (_what, now, zone, quiet, next) => {
    const at = new Date(now);
    expect(isQuietHour(at, zone)).toBe(quiet);
    expect(nextAllowedInstant(at, zone).toISOString()).toBe(new Date(next).toISOString());
    // Whatever the answer, it is never in quiet hours and never before now.
    const answer = nextAllowedInstant(at, zone);
    expect(isQuietHour(answer, zone)).toBe(false);
    expect(answer.getTime()).toBeGreaterThanOrEqual(at.getTime());
  });

  it('reads the wall clock and finds 08:00 local on either side of a change', () => {
    expect(wallClock(new Date('2026-11-01T06:30:00Z'), NY)).toMatchObject({ day: 1, hour: 1 });
    expect(instantAt({ year: 2026, month: 3, day: 8 }, 8, NY).toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    expect(instantAt({ year: 2026, month: 3, day: 7 }, 8, NY).toISOString()).toBe(
      '2026-03-07T13:00:00.000Z',
    );
    expect(instantAt({ year: 2026, month: 11, day: 1 }, 8, NY).toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    );
  });

  it('never waits more than 12 hours (the fall-back night’s 21:00), minute by minute over a spring-forward and a fall-back day', () => {
    for (const start of ['2026-03-07T12:00:00Z', '2026-10-31T12:00:00Z']) {
      for (let m = 0; m < 48 * 60; m += 7) {
        const at = new Date(Date.parse(start) + m * 60_000);
        const next = nextAllowedInstant(at, NY);
        expect(isQuietHour(next, NY)).toBe(false);
        expect(next.getTime() - at.getTime()).toBeLessThanOrEqual(12 * 3_600_000);
        if (isQuietHour(at, NY)) expect(wallClock(next, NY)).toMatchObject({ hour: 8, minute: 0 });
      }
    }
  });
});
