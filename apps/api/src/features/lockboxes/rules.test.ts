import { LOCKBOX_TEXTS as T } from '@lantern/contracts';
import type { TLockboxState } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import {
  dueReminder,
  forfeitDue,
  forfeitOn,
  type LockboxAction,
  moveLockbox,
  refundPlan,
  rentalEnd,
  rentalStatus,
  staffMove,
} from './rules.ts';

const STATES: TLockboxState[] = ['in_stock', 'out', 'lost', 'retired'];

describe('the lockbox state machine', () => {
  // Every state × every action: where it goes, or '—' when it cannot.
  const table: Record<LockboxAction, Record<TLockboxState, TLockboxState | '—'>> = {
    rent: { in_stock: 'out', out: '—', lost: '—', retired: '—' },
    return: { in_stock: '—', out: 'in_stock', lost: '—', retired: '—' },
    forfeit: { in_stock: '—', out: 'lost', lost: '—', retired: '—' },
    markLost: { in_stock: 'lost', out: '—', lost: '—', retired: '—' },
    found: { in_stock: '—', out: '—', lost: 'in_stock', retired: '—' },
    retire: { in_stock: 'retired', out: '—', lost: 'retired', retired: '—' },
  };
  for (const [action, row] of Object.entries(table) as [LockboxAction, typeof table.rent][]) {
    for (const from of STATES) {
      it(`${action} from ${from} → ${row[from]}`, () => {
        const move = moveLockbox(from, action);
        if (row[from] === '—') expect(move.ok).toBe(false);
        else expect(move).toEqual({ ok: true, to: row[from] });
      });
    }
  }

  it('says why a lockbox cannot be rented', () => {
    expect(moveLockbox('lost', 'rent')).toEqual({ ok: false, message: T.notInStock('Lost') });
    expect(moveLockbox('out', 'markLost')).toEqual({ ok: false, message: T.onRental });
    expect(moveLockbox('retired', 'found')).toEqual({ ok: false, message: T.retiredFinal });
  });
});

describe('the states staff may choose', () => {
  const cases: Array<[TLockboxState, TLockboxState, LockboxAction | string]> = [
    ['in_stock', 'lost', 'markLost'],
    ['in_stock', 'retired', 'retire'],
    ['lost', 'in_stock', 'found'],
    ['lost', 'retired', 'retire'],
    ['in_stock', 'in_stock', T.sameState],
    ['in_stock', 'out', T.outByRental],
    ['lost', 'out', T.outByRental],
    ['out', 'in_stock', T.onRental],
    ['out', 'lost', T.onRental],
    ['out', 'retired', T.onRental],
    ['retired', 'in_stock', T.retiredFinal],
    ['retired', 'lost', T.retiredFinal],
  ];
  it.each(cases)('%s → %s: %s', (from, to, expected) => {
    const move = staffMove(from, to);
    if (move.ok) expect(move.action).toBe(expected);
    else expect(move.message).toBe(expected);
  });
});

describe('rental dates', () => {
  it('ends 180 days after the start and forfeits 30 days after the end', () => {
    expect(rentalEnd('2027-01-01')).toBe('2027-06-30');
    expect(rentalEnd('2028-01-01')).toBe('2028-06-29'); // a leap year
    expect(forfeitOn('2027-06-30')).toBe('2027-07-30');
  });

  const out = { endDate: '2027-06-30', returnedOn: null, forfeitedAt: null };
  it.each([
    ['2027-06-29', 'active'],
    ['2027-06-30', 'active'],
    ['2027-07-01', 'overdue'],
    ['2027-07-29', 'overdue'],
  ])('on %s a rental ending 2027-06-30 is %s', (today, status) => {
    expect(rentalStatus(out, today)).toBe(status);
  });
  it('is returned or forfeited once either is recorded, whatever the day', () => {
    expect(rentalStatus({ ...out, returnedOn: '2027-08-01' }, '2027-09-01')).toBe('returned');
    expect(rentalStatus({ ...out, forfeitedAt: new Date() }, '2027-09-01')).toBe('forfeited');
  });

  it.each([
    ['2027-07-29', false],
    ['2027-07-30', true],
    ['2027-12-01', true],
  ])('the deposit of a rental ending 2027-06-30 is forfeited on %s: %s', (today, due) => {
    expect(forfeitDue(out, today)).toBe(due);
  });
  it('never forfeits a returned or already forfeited rental', () => {
    expect(forfeitDue({ ...out, returnedOn: '2027-07-02' }, '2027-08-01')).toBe(false);
    expect(forfeitDue({ ...out, forfeitedAt: new Date() }, '2027-08-01')).toBe(false);
  });
});

describe('reminders', () => {
  const out = { endDate: '2027-06-30', returnedOn: null, forfeitedAt: null };
  it.each([
    ['2027-06-22', [], null],
    ['2027-06-23', [], -7],
    ['2027-06-23', [-7], null],
    ['2027-06-29', [-7], null],
    ['2027-06-30', [-7], 0],
    ['2027-07-07', [-7, 0], 7],
    ['2027-07-14', [-7, 0, 7], 14],
    ['2027-07-21', [-7, 0, 7, 14], 21],
    ['2027-07-22', [-7, 0, 7, 14, 21], null],
    ['2027-07-29', [-7, 0, 7, 14], 21],
    // From the forfeit day on, the forfeit notice replaces any reminder.
    ['2027-07-30', [-7, 0, 7, 14], null],
  ] as const)('on %s with %j sent: %s', (today, sent, offset) => {
    expect(dueReminder(out, today, sent)?.offset ?? null).toBe(offset);
  });

  it('sends only the latest of several missed reminders and marks the others passed', () => {
    expect(dueReminder(out, '2027-07-08', [])).toEqual({ offset: 7, passed: [-7, 0] });
  });
  it('sends none for a rental that came back or was forfeited', () => {
    expect(dueReminder({ ...out, returnedOn: '2027-06-01' }, '2027-06-30', [])).toBeNull();
    expect(dueReminder({ ...out, forfeitedAt: new Date() }, '2027-07-07', [])).toBeNull();
  });
});

describe('the deposit refund plan, to the cent', () => {
  it.each([
    [
      'one payment of the whole invoice',
      [{ hash: 'a', leftCents: 14_244 }],
      10_000,
      [['a', 10_000]],
      0,
    ],
    [
      'two part payments: the first covers some, the second the rest',
      [
        { hash: 'a', leftCents: 6_001 },
        { hash: 'b', leftCents: 8_243 },
      ],
      10_000,
      [
        ['a', 6_001],
        ['b', 3_999],
      ],
      0,
    ],
    [
      'a payment already refunded is skipped',
      [
        { hash: 'a', leftCents: 0 },
        { hash: 'b', leftCents: 10_000 },
      ],
      10_000,
      [['b', 10_000]],
      0,
    ],
    ['less left than the deposit', [{ hash: 'a', leftCents: 9_999 }], 10_000, [['a', 9_999]], 1],
    ['nothing to give back', [{ hash: 'a', leftCents: 500 }], 0, [], 0],
  ] as const)('%s', (_name, payments, need, refunds, short) => {
    const plan = refundPlan(payments, need);
    expect(plan.refunds.map((r) => [r.payment, r.amountCents])).toEqual(refunds);
    expect(plan.shortCents).toBe(short);
  });
});
