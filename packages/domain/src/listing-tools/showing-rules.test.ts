import { describe, expect, it } from 'vitest';
import {
  formatShowingTime,
  localDateTime,
  SHOWING_ACTIONS,
  SHOWING_TEXTS,
  showingActionsFor,
  showingMove,
  showingTimeProblem,
  showingTurn,
  type TShowingAction,
  type TShowingSide,
  type TShowingState,
  type TShowingStatus,
  zonedInstant,
} from './showing-rules.ts';

const pending: TShowingState = { status: 'Pending', proposed: false };
const proposed: TShowingState = { status: 'Pending', proposed: true };
const confirmed: TShowingState = { status: 'Confirmed', proposed: false };
const denied: TShowingState = { status: 'Denied', proposed: false };
const cancelled: TShowingState = { status: 'Cancelled', proposed: false };

describe('the showing transitions', () => {
  // Every state × side × action: the legal ones and where they lead; everything else is refused.
  const table: Array<[TShowingState, TShowingSide, TShowingAction, TShowingStatus | null]> = [
    [pending, 'seller', 'confirm', 'Confirmed'],
    [pending, 'seller', 'propose', 'Pending'],
    [pending, 'seller', 'decline', 'Denied'],
    [pending, 'seller', 'cancel', null],
    [pending, 'buyer', 'confirm', null],
    [pending, 'buyer', 'propose', null],
    [pending, 'buyer', 'decline', null],
    [pending, 'buyer', 'cancel', 'Cancelled'],
    [proposed, 'seller', 'confirm', null],
    [proposed, 'seller', 'propose', 'Pending'],
    [proposed, 'seller', 'decline', 'Denied'],
    [proposed, 'seller', 'cancel', null],
    [proposed, 'buyer', 'confirm', 'Confirmed'],
    [proposed, 'buyer', 'propose', null],
    [proposed, 'buyer', 'decline', null],
    [proposed, 'buyer', 'cancel', 'Cancelled'],
    [confirmed, 'seller', 'confirm', null],
    [confirmed, 'seller', 'propose', null],
    [confirmed, 'seller', 'decline', null],
    [confirmed, 'seller', 'cancel', 'Cancelled'],
    [confirmed, 'buyer', 'confirm', null],
    [confirmed, 'buyer', 'propose', null],
    [confirmed, 'buyer', 'decline', null],
    [confirmed, 'buyer', 'cancel', 'Cancelled'],
    ...(['seller', 'buyer'] as const).flatMap((side) =>
      SHOWING_ACTIONS.flatMap((action) => [
        [denied, side, action, null] as [TShowingState, TShowingSide, TShowingAction, null],
        [cancelled, side, action, null] as [TShowingState, TShowingSide, TShowingAction, null],
      ]),
    ),
  ];

  it.each(table)('%o: the %s may %s → %s', (state, side, action, to) => {
    expect(showingMove(state, side, action)?.to ?? null).toBe(to);
  });

  it('keeps, sets or takes up a proposed time as each move says', () => {
    expect(showingMove(pending, 'seller', 'propose')?.proposal).toBe('set');
    expect(showingMove(proposed, 'buyer', 'confirm')?.proposal).toBe('accept');
    expect(showingMove(pending, 'seller', 'confirm')?.proposal).toBe('clear');
  });

  it("says whose turn a pending request is, and lists each side's actions", () => {
    expect(showingTurn(pending)).toBe('seller');
    expect(showingTurn(proposed)).toBe('buyer');
    expect(showingTurn(confirmed)).toBeNull();
    expect(showingActionsFor(pending, 'seller')).toEqual(['confirm', 'propose', 'decline']);
    expect(showingActionsFor(proposed, 'buyer')).toEqual(['confirm', 'cancel']);
    expect(showingActionsFor(denied, 'buyer')).toEqual([]);
  });
});

describe('showing times in the home’s zone', () => {
  const CHICAGO = 'America/Chicago';

  it('turns a local date and time into the instant, both ways', () => {
    const at = zonedInstant({ date: '2026-07-04', time: '10:30' }, CHICAGO);
    expect(at?.toISOString()).toBe('2026-07-04T15:30:00.000Z');
    expect(localDateTime(at as Date, CHICAGO)).toEqual({ date: '2026-07-04', time: '10:30' });
    expect(zonedInstant({ date: '2026-01-15', time: '09:00' }, CHICAGO)?.toISOString()).toBe(
      '2026-01-15T15:00:00.000Z',
    );
    expect(
      zonedInstant({ date: '2026-07-04', time: '10:30' }, 'America/Phoenix')?.toISOString(),
    ).toBe('2026-07-04T17:30:00.000Z');
  });

  it('refuses a time the clocks skip and a date that is not one; takes the first of a repeated hour', () => {
    // 2026-03-08: Chicago moves from 2:00 to 3:00.
    expect(zonedInstant({ date: '2026-03-08', time: '02:30' }, CHICAGO)).toBeNull();
    expect(zonedInstant({ date: '2026-02-30', time: '10:00' }, CHICAGO)).toBeNull();
    expect(zonedInstant({ date: '2026-02-03', time: '25:00' }, CHICAGO)).toBeNull();
    // 2026-11-01: 1:30 happens twice (CDT, then CST).
    expect(zonedInstant({ date: '2026-11-01', time: '01:30' }, CHICAGO)?.toISOString()).toBe(
      '2026-11-01T06:30:00.000Z',
    );
  });

  it('refuses the past, too soon, too far ahead and night hours, in words', () => {
    const now = new Date('2026-07-01T15:00:00Z'); // 10:00 in Chicago
    const local = (date: string, time: string) => zonedInstant({ date, time }, CHICAGO) as Date;
    const E = SHOWING_TEXTS.errors;
    expect(showingTimeProblem(local('2026-06-30', '10:00'), CHICAGO, now)).toBe(E.past);
    expect(showingTimeProblem(local('2026-07-01', '10:30'), CHICAGO, now)).toBe(E.tooSoon);
    expect(showingTimeProblem(local('2026-07-01', '11:00'), CHICAGO, now)).toBeNull();
    expect(showingTimeProblem(local('2026-09-29', '10:00'), CHICAGO, now)).toBeNull();
    expect(showingTimeProblem(local('2026-09-30', '10:00'), CHICAGO, now)).toBe(E.tooFar);
    expect(showingTimeProblem(local('2026-07-02', '06:45'), CHICAGO, now)).toBe(E.hours);
    expect(showingTimeProblem(local('2026-07-02', '21:00'), CHICAGO, now)).toBeNull();
    expect(showingTimeProblem(local('2026-07-02', '21:15'), CHICAGO, now)).toBe(E.hours);
    expect(E.hours).toContain('between 7 am and 9 pm');
  });

  it('shows an instant as people at the home read it', () => {
    const text = formatShowingTime('2026-07-04T15:30:00Z', CHICAGO);
    expect(text).toMatch(/Saturday, July 4, 2026/);
    expect(text).toMatch(/10:30\sAM CDT/);
  });
});
