import { describe, expect, it } from 'vitest';
import { localDateTime, wallClock, zonedInstant, zonedInstantOrLater } from './zoned-time.ts';

const NY = 'America/New_York';

describe('zoned time', () => {
  it.each([
    // An ordinary winter and summer day.
    ['2026-01-15', '09:30', '2026-01-15T14:30:00.000Z'],
    ['2026-07-15', '09:30', '2026-07-15T13:30:00.000Z'],
    // 1:30 comes twice on 2026-11-01: the first (still EDT).
    ['2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
  ])('%s %s in New York is %s, and reads back', (date, time, iso) => {
    const at = zonedInstant({ date, time }, NY);
    expect(at?.toISOString()).toBe(iso);
    expect(localDateTime(new Date(iso), NY)).toEqual({ date, time });
  });

  it('has no instant for a time the clocks skip, unless asked to land later', () => {
    expect(zonedInstant({ date: '2026-03-08', time: '02:30' }, NY)).toBeNull();
    expect(zonedInstantOrLater({ date: '2026-03-08', time: '02:30' }, NY).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z', // 3:30 EDT
    );
  });

  it('refuses what is no real day or time', () => {
    for (const [date, time] of [
      ['2026-02-30', '10:00'],
      ['2026-13-01', '10:00'],
      ['2026-01-01', '24:00'],
      ['2026-1-1', '10:00'],
      ['2026-01-01', '9:00'],
    ] as const) {
      expect(zonedInstant({ date, time }, NY)).toBeNull();
    }
    expect(() => zonedInstantOrLater({ date: '2026-02-30', time: '10:00' }, NY)).toThrow(
      RangeError,
    );
  });

  it('reads the wall clock, seconds included, in a zone without daylight saving time', () => {
    expect(wallClock(new Date('2026-07-01T19:05:09Z'), 'America/Phoenix')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 12,
      minute: 5,
      second: 9,
    });
  });
});
