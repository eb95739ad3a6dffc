import { describe, expect, it } from 'vitest';
import { canChange, changeDeadline, freeSlots, slotsOf, zonedInstant } from './slots.ts';

const NY = 'America/New_York';
const PHOENIX = 'America/Phoenix';
const iso = (d: Date) => d.toISOString();

describe('zonedInstant: a wall-clock time in a zone', () => {
  it.each([
    // day, minute, zone, instant
    ['2026-03-06', 9 * 60, NY, '2026-03-06T14:00:00.000Z'], // EST, the Friday before
    ['2026-03-09', 9 * 60, NY, '2026-03-09T13:00:00.000Z'], // EDT, the Monday after
    ['2026-03-08', 9 * 60, NY, '2026-03-08T13:00:00.000Z'], // the day of the change, after it
    ['2026-03-08', 150, NY, '2026-03-08T07:30:00.000Z'], // 2:30 is skipped: read as 3:30 EDT
    ['2026-11-01', 90, NY, '2026-11-01T05:30:00.000Z'], // 1:30 happens twice: the first (EDT)
    ['2026-10-30', 9 * 60, NY, '2026-10-30T13:00:00.000Z'], // EDT, the Friday before
    ['2026-11-02', 9 * 60, NY, '2026-11-02T14:00:00.000Z'], // EST, the Monday after
    ['2026-03-09', 9 * 60, PHOENIX, '2026-03-09T16:00:00.000Z'], // no daylight saving time
    ['2026-07-01', 9 * 60, PHOENIX, '2026-07-01T16:00:00.000Z'],
    ['2026-07-01', 16 * 60 + 30, 'Pacific/Honolulu', '2026-07-02T02:30:00.000Z'],
  ])('%s at minute %i in %s is %s', (day, minute, zone, expected) => {
    expect(iso(zonedInstant(day, minute, zone))).toBe(expected);
  });
});

describe('slotsOf', () => {
  const mornings = [{ weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 + 30 }];

  it('fills each window with 90-minute slots that fit, at the same local time across DST', () => {
    // Mondays 9:00–12:30: 9:00 and 10:30 (12:00 would end at 13:30, past the window).
    const before = slotsOf(mornings, [], '2026-03-02', 7, NY);
    const after = slotsOf(mornings, [], '2026-03-09', 7, NY);
    expect(before.map((s) => iso(s.startsAt))).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-02T15:30:00.000Z',
    ]);
    expect(after.map((s) => iso(s.startsAt))).toEqual([
      '2026-03-09T13:00:00.000Z',
      '2026-03-09T14:30:00.000Z',
    ]);
    expect(after.map((s) => iso(s.endsAt))).toEqual([
      '2026-03-09T14:30:00.000Z',
      '2026-03-09T16:00:00.000Z',
    ]);
  });

  it('skips weekends, federal holidays and days off', () => {
    const everyDay = [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      startMinute: 10 * 60,
      endMinute: 11 * 60 + 30,
    }));
    // Thanksgiving week 2026: Thursday the 26th is a holiday; Friday the 27th is a day off.
    const slots = slotsOf(everyDay, ['2026-11-27'], '2026-11-21', 9, NY);
    const days = slots.map((s) => iso(s.startsAt).slice(0, 10));
    expect(days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });
});

describe('freeSlots: the earliest slot follows the 2 pm cutoff', () => {
  const hours = [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    startMinute: 9 * 60,
    endMinute: 10 * 60 + 30,
  }));
  it.each([
    // now, zone, first slot
    ['2026-03-06T18:59:00Z', NY, '2026-03-09T13:00:00.000Z'], // Fri 1:59 pm EST → Mon (EDT)
    ['2026-03-06T19:00:00Z', NY, '2026-03-10T13:00:00.000Z'], // Fri 2:00 pm EST → Tue
    ['2026-03-07T15:00:00Z', NY, '2026-03-10T13:00:00.000Z'], // Saturday → Tue
    ['2026-10-30T17:00:00Z', NY, '2026-11-02T14:00:00.000Z'], // Fri 1 pm EDT → Mon (EST)
    ['2026-11-25T18:00:00Z', NY, '2026-11-27T14:00:00.000Z'], // Wed before Thanksgiving → Fri
    ['2026-03-06T20:59:00Z', PHOENIX, '2026-03-09T16:00:00.000Z'], // 1:59 pm MST → Mon
  ])('asked at %s in %s: first slot %s', (now, zone, first) => {
    const slots = freeSlots({
      hours,
      daysOff: [],
      busy: [],
      now: new Date(now),
      timeZone: zone,
      days: 14,
    });
    expect(slots[0] && iso(slots[0].startsAt)).toBe(first);
  });

  it('leaves out slots that overlap a visit the photographer has', () => {
    const wide = [{ weekday: 1, startMinute: 9 * 60, endMinute: 13 * 60 + 30 }];
    const busy = [
      // Booked before the hours changed: 10:00–11:30 on Monday 9 March.
      { startsAt: new Date('2026-03-09T14:00:00Z'), endsAt: new Date('2026-03-09T15:30:00Z') },
    ];
    const slots = freeSlots({
      hours: wide,
      daysOff: [],
      busy,
      now: new Date('2026-03-05T15:00:00Z'),
      timeZone: NY,
      days: 5,
    });
    // 9:00 and 10:30 overlap it; 12:00 is free.
    expect(slots.map((s) => iso(s.startsAt))).toEqual(['2026-03-09T16:00:00.000Z']);
  });
});

describe('the 24-hour rule', () => {
  it.each([
    // start, now, may change
    ['2026-03-10T13:00:00Z', '2026-03-09T13:00:00Z', true], // exactly 24 hours before
    ['2026-03-10T13:00:00Z', '2026-03-09T13:00:00.001Z', false], // a moment later
    ['2026-03-10T13:00:00Z', '2026-03-01T12:00:00Z', true],
    ['2026-03-10T13:00:00Z', '2026-03-10T14:00:00Z', false], // already started
    // Monday 9 March 9:00 EDT, the day after clocks went forward: 24 real hours before is
    // Sunday 9:00 EDT — the same wall time, since the change (2:00 Sunday) came before it.
    ['2026-03-09T13:00:00Z', '2026-03-08T13:00:00Z', true],
    ['2026-03-09T13:00:00Z', '2026-03-08T13:30:00Z', false],
    // Monday 2 November 9:00 EST, the day after clocks went back.
    ['2026-11-02T14:00:00Z', '2026-11-01T14:00:00Z', true],
    ['2026-11-02T14:00:00Z', '2026-11-01T14:00:01Z', false],
  ])('a visit at %s, asked at %s: %s', (start, now, allowed) => {
    expect(canChange(new Date(start), new Date(now))).toBe(allowed);
  });

  it('counts real hours, not wall-clock ones, when the clocks change within the 24', () => {
    // A visit at 1:00 am EST on Monday 2 November (no business slot, but the rule is general):
    // 24 real hours before is 1:00 am on Sunday — the second 1:00 of that night (EST), an hour
    // after the first (EDT), which a wall-clock "same time yesterday" would have picked.
    const start = zonedInstant('2026-11-02', 60, NY);
    expect(iso(changeDeadline(start))).toBe('2026-11-01T06:00:00.000Z');
    expect(iso(start)).toBe('2026-11-02T06:00:00.000Z');
  });
});
