import { describe, expect, it } from 'vitest';
import { showingDays } from './showing-days.ts';

describe('the days a showing can be asked for', () => {
  it('runs from today to 90 days on, on the home’s clocks', () => {
    expect(showingDays(new Date('2026-07-01T15:00:00Z'), 'America/Chicago')).toEqual({
      min: '2026-07-01',
      max: '2026-09-29',
    });
    // Late evening in Los Angeles is already tomorrow in UTC.
    expect(showingDays(new Date('2026-07-02T05:00:00Z'), 'America/Los_Angeles').min).toBe(
      '2026-07-01',
    );
  });
});
