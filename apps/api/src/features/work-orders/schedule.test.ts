import {
  canMoveWorkOrder,
  type TWorkOrderState,
  WORK_ORDER_STATE_KEYS,
  workOrderKindsFor,
} from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { STATE_TIME_ZONES, timeZoneOfState } from '../../lib/time-zones.ts';
import { federalHolidays, holidayOn } from './holidays.ts';
import { earliestScheduleDay, isBusinessDay, notBusinessDay } from './schedule.ts';

describe('earliestScheduleDay', () => {
  const NY = 'America/New_York';
  const LA = 'America/Los_Angeles';
  it.each([
    // [instant (UTC), zone, earliest, why]
    ['2026-03-13T17:59:00Z', NY, '2026-03-16', 'Friday 1:59 pm: Monday'],
    ['2026-03-13T18:00:00Z', NY, '2026-03-17', 'Friday 2:00 pm exactly: Tuesday'],
    ['2026-03-13T18:01:00Z', NY, '2026-03-17', 'Friday 2:01 pm: Tuesday'],
    ['2026-03-11T13:00:00Z', NY, '2026-03-12', 'Wednesday morning: Thursday'],
    ['2026-03-11T19:00:00Z', NY, '2026-03-13', 'Wednesday 3 pm: Friday'],
    ['2026-03-14T15:00:00Z', NY, '2026-03-17', 'Saturday: Tuesday'],
    ['2026-03-15T15:00:00Z', NY, '2026-03-17', 'Sunday: Tuesday'],
    ['2026-11-25T18:59:00Z', NY, '2026-11-27', 'the day before Thanksgiving, 1:59 pm: Friday'],
    ['2026-11-25T19:01:00Z', NY, '2026-11-30', 'the day before Thanksgiving, 2:01 pm: Monday'],
    ['2026-11-26T15:00:00Z', NY, '2026-11-30', 'Thanksgiving itself: Monday'],
    [
      '2026-07-02T20:59:00Z',
      LA,
      '2026-07-06',
      'Thursday before July 4 (a Saturday, observed Friday)',
    ],
    ['2026-07-02T21:01:00Z', LA, '2026-07-07', 'the same Thursday after 2 pm: Tuesday'],
    ['2026-01-16T18:59:00Z', NY, '2026-01-20', 'Friday before Martin Luther King Day: Tuesday'],
    ['2026-01-16T19:01:00Z', NY, '2026-01-21', 'after 2 pm that Friday: Wednesday'],
    [
      '2026-12-24T16:00:00Z',
      NY,
      '2026-12-28',
      'Christmas Eve morning: Christmas is Friday, so Monday',
    ],
    ['2021-12-30T15:00:00Z', NY, '2022-01-03', 'New Year 2022 (a Saturday) observed December 31'],
    ['2026-03-13T20:30:00Z', NY, '2026-03-17', '4:30 pm in New York: after the cutoff'],
    ['2026-03-13T20:30:00Z', LA, '2026-03-16', 'the same instant is 1:30 pm in Los Angeles'],
    [
      '2026-03-14T03:00:00Z',
      LA,
      '2026-03-17',
      'Saturday in UTC is still Friday 8 pm in Los Angeles',
    ],
    ['2026-07-08T20:59:00Z', 'America/Phoenix', '2026-07-09', 'Arizona keeps no summer time'],
  ] as const)('%s in %s → %s (%s)', (instant, zone, expected, _why) => {
    expect(earliestScheduleDay(new Date(instant), zone)).toBe(expected);
  });
});

describe('federal holidays', () => {
  it('computes 2026 by rule', () => {
    expect(federalHolidays(2026).map((h) => h.day)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });
  it.each([
    ['2021-12-31', "New Year's Day"],
    ['2022-12-26', 'Christmas Day'],
    ['2027-06-18', 'Juneteenth National Independence Day'],
    ['2027-07-05', 'Independence Day'],
    ['2024-05-27', 'Memorial Day'],
    ['2023-11-10', 'Veterans Day'],
    ['2025-11-27', 'Thanksgiving Day'],
  ])('%s is %s', (day, name) => expect(holidayOn(day)).toBe(name));
  it.each(['2026-07-04', '2026-11-25', '2026-11-27', '2026-12-24'])('%s is not one', (day) =>
    expect(holidayOn(day)).toBeUndefined(),
  );
  it('says why a day is not a business day', () => {
    expect(notBusinessDay('2026-03-14')).toBe('a Saturday');
    expect(notBusinessDay('2026-03-15')).toBe('a Sunday');
    expect(notBusinessDay('2026-07-03')).toBe('Independence Day');
    expect(isBusinessDay('2026-03-16')).toBe(true);
  });
});

describe('time zones', () => {
  it('covers the 50 states and DC', () => {
    expect(Object.keys(STATE_TIME_ZONES)).toHaveLength(51);
    for (const zone of Object.values(STATE_TIME_ZONES))
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
  });
  it.each([
    ['ny', 'America/New_York'],
    ['TX', 'America/Chicago'],
    ['AZ', 'America/Phoenix'],
    ['HI', 'Pacific/Honolulu'],
    ['ZZ', 'America/New_York'],
  ])('%s → %s', (state, zone) => expect(timeZoneOfState(state)).toBe(zone));
});

describe('work order transitions', () => {
  const legal: Record<TWorkOrderState, TWorkOrderState[]> = {
    requested: ['scheduled', 'cancelled'],
    scheduled: ['en_route', 'failed', 'cancelled'],
    en_route: ['done', 'failed'],
    failed: ['scheduled', 'cancelled'],
    done: [],
    cancelled: [],
  };
  const table = WORK_ORDER_STATE_KEYS.flatMap((from) =>
    WORK_ORDER_STATE_KEYS.map((to) => [from, to, legal[from].includes(to)] as const),
  );
  it.each(table)('%s → %s is legal: %s', (from, to, expected) => {
    expect(canMoveWorkOrder(from, to)).toBe(expected);
  });
});

describe('work order kinds by product', () => {
  it.each([
    [
      'real-estate-sign-posts',
      ['sign_post_install', 'sign_post_swap', 'sign_post_repair', 'sign_post_removal'],
    ],
    ['sign-post-purchase', ['sign_post_install', 'sign_post_repair']],
    ['lantern-signs', ['sign_post_swap']],
    ['lockbox-rental', ['lockbox_delivery', 'lockbox_pickup']],
    ['photography', ['photography']],
    ['mls-listing-state', []],
  ])('%s → %j', (slug, kinds) => expect(workOrderKindsFor(slug, 'lantern-signs')).toEqual(kinds));
});
