import { daysBetween } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { localParts, openHouseLabel, timeZoneWords, zonedInstant } from './times.ts';

const CHICAGO = 'America/Chicago';

describe('openHouseLabel', () => {
  it.each([
    // [zone, start, end, label]
    [
      CHICAGO,
      '2026-12-05T19:00:00Z',
      '2026-12-05T21:00:00Z',
      'Saturday, December 5, 1:00 – 3:00 PM CST',
    ],
    [
      CHICAGO,
      '2026-12-05T17:00:00Z',
      '2026-12-05T21:00:00Z',
      'Saturday, December 5, 11:00 AM – 3:00 PM CST',
    ],
    // The day the clocks go forward: the afternoon is daylight time.
    [
      CHICAGO,
      '2026-03-08T19:00:00Z',
      '2026-03-08T21:00:00Z',
      'Sunday, March 8, 2:00 – 4:00 PM CDT',
    ],
    // The day before, still standard time: the same UTC hours are an hour earlier on the clocks.
    [
      CHICAGO,
      '2026-03-07T19:00:00Z',
      '2026-03-07T21:00:00Z',
      'Saturday, March 7, 1:00 – 3:00 PM CST',
    ],
    // The day the clocks go back, across the change: each end names its own zone.
    [
      'America/New_York',
      '2026-11-01T05:30:00Z',
      '2026-11-01T07:30:00Z',
      'Sunday, November 1, 1:30 AM EDT – 2:30 AM EST',
    ],
    // Arizona keeps standard time all year.
    [
      'America/Phoenix',
      '2026-07-04T17:00:00Z',
      '2026-07-04T19:30:00Z',
      'Saturday, July 4, 10:00 AM – 12:30 PM MST',
    ],
    [
      'Pacific/Honolulu',
      '2026-07-04T20:00:00Z',
      '2026-07-04T22:00:00Z',
      'Saturday, July 4, 10:00 AM – 12:00 PM HST',
    ],
    [
      'America/Anchorage',
      '2026-07-04T20:00:00Z',
      '2026-07-04T22:00:00Z',
      'Saturday, July 4, 12:00 – 2:00 PM AKDT',
    ],
    [
      'America/Los_Angeles',
      '2026-12-06T00:00:00Z',
      '2026-12-06T02:00:00Z',
      'Saturday, December 5, 4:00 – 6:00 PM PST',
    ],
  ])('%s %s – %s is “%s”', (zone, start, end, label) => {
    expect(openHouseLabel(new Date(start), new Date(end), zone)).toBe(label);
  });

  it('can name the year, with plain spaces only', () => {
    const label = openHouseLabel(
      new Date('2025-12-05T19:00:00Z'),
      new Date('2025-12-05T21:00:00Z'),
      CHICAGO,
      { withYear: true },
    );
    expect(label).toBe('Friday, December 5, 2025, 1:00 – 3:00 PM CST');
    expect(label).not.toMatch(/[\u00a0\u2009\u202f]/);
  });
});

describe('zonedInstant', () => {
  it.each([
    [CHICAGO, '2026-12-05', '13:00', '2026-12-05T19:00:00.000Z'],
    [CHICAGO, '2026-07-04', '13:00', '2026-07-04T18:00:00.000Z'],
    [CHICAGO, '2026-03-08', '01:59', '2026-03-08T07:59:00.000Z'],
    [CHICAGO, '2026-03-08', '03:00', '2026-03-08T08:00:00.000Z'],
    // 1:30 comes twice when the clocks go back: the first (daylight time) is taken.
    [CHICAGO, '2026-11-01', '01:30', '2026-11-01T06:30:00.000Z'],
    [CHICAGO, '2026-11-01', '02:00', '2026-11-01T08:00:00.000Z'],
    ['America/Phoenix', '2026-03-08', '02:30', '2026-03-08T09:30:00.000Z'],
    ['Pacific/Honolulu', '2026-12-31', '23:45', '2027-01-01T09:45:00.000Z'],
  ])('%s %s %s is %s', (zone, date, time, iso) => {
    const instant = zonedInstant(date, time, zone);
    expect(instant?.toISOString()).toBe(iso);
    if (instant) expect(localParts(instant, zone)).toEqual({ date, time });
  });

  it('is null for a time the clocks skip', () => {
    expect(zonedInstant('2026-03-08', '02:30', CHICAGO)).toBeNull();
    expect(zonedInstant('2026-03-08', '02:00', 'America/New_York')).toBeNull();
  });
});

describe('timeZoneWords and daysBetween', () => {
  it('names the zone and counts days across a month and a year', () => {
    expect(timeZoneWords(CHICAGO)).toBe('Central Time');
    expect(timeZoneWords('America/Phoenix')).toBe('Mountain Standard Time');
    expect(daysBetween('2026-12-01', '2026-12-05')).toBe(4);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-12-05', '2026-12-01')).toBe(-4);
  });
});
