import type { TVendorWorkOrder } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { addDays, localDay, vendorWeek } from './week.ts';

const trip = (hash: string, scheduledDay: string | null, state = 'scheduled') =>
  ({ hash, scheduledDay, state }) as TVendorWorkOrder;

describe('a field vendor’s week', () => {
  it('splits scheduled trips into late, today and the next six days', () => {
    const rows = [
      trip('late', '2026-12-01'),
      trip('today', '2026-12-02'),
      trip('sunday', '2026-12-06'),
      trip('in-six', '2026-12-08'),
      trip('in-seven', '2026-12-09'),
      trip('done-today', '2026-12-02', 'done'),
      trip('unscheduled', null, 'requested'),
    ];
    const week = vendorWeek(rows, '2026-12-02');
    expect(week.late.map((r) => r.hash)).toEqual(['late']);
    expect(week.today.map((r) => r.hash)).toEqual(['today']);
    expect(week.week.map((r) => r.hash)).toEqual(['sunday', 'in-six']);
  });

  it('counts days across a month and reads the local calendar day', () => {
    expect(addDays('2026-12-29', 6)).toBe('2027-01-04');
    expect(localDay(new Date(2026, 1, 3, 23, 30))).toBe('2026-02-03');
  });
});
