import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, eachDay, todayUtc } from './calendar-date.ts';

describe('calendar dates', () => {
  it('add days across months, years and leap days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(addDays('2026-06-15', 0)).toBe('2026-06-15');
    expect(addDays('2026-01-01', 730)).toBe('2028-01-01');
  });

  it('ignore the clock changes of any zone (UTC arithmetic)', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
  });

  it('refuse a string that is no date', () => {
    expect(() => addDays('not a day', 1)).toThrow(RangeError);
    expect(daysBetween('2026-01-01', 'soon')).toBeNaN();
  });

  it('count whole days between two days, signed', () => {
    expect(daysBetween('2026-12-01', '2026-12-05')).toBe(4);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-12-05', '2026-12-01')).toBe(-4);
    expect(daysBetween('2026-12-05', '2026-12-05')).toBe(0);
  });

  it('list each day of a range, both ends included', () => {
    expect(eachDay('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(eachDay('2024-03-01', '2024-03-01')).toEqual(['2024-03-01']);
    expect(eachDay('2024-03-02', '2024-03-01')).toEqual([]);
  });

  it('read today in UTC, whatever the local zone', () => {
    expect(todayUtc(new Date('2026-07-04T23:30:00-05:00'))).toBe('2026-07-05');
  });
});
