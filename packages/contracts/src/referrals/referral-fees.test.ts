import { describe, expect, it } from 'vitest';
import { REFERRAL_FEE_MAX_CENTS } from '../admin/referrals.ts';
import { furthestReferralStep, referralFeeTotals } from './referral-fees.ts';

describe('referralFeeTotals', () => {
  it('is all zeros for no referrals', () => {
    expect(referralFeeTotals([])).toEqual({
      pendingCents: 0,
      earnedCents: 0,
      payableCents: 0,
      heldCents: 0,
      paidCents: 0,
      totalCents: 0,
      count: 0,
    });
  });

  it('sums each state in whole cents, earned split into payable and held', () => {
    const t = referralFeeTotals([
      { status: 'pending', feeCents: 25_050, payable: false },
      { status: 'pending', feeCents: 1, payable: true },
      { status: 'earned', feeCents: 10_099, payable: true },
      { status: 'earned', feeCents: 33_333, payable: false },
      { status: 'paid', feeCents: 50_000, payable: false },
      { status: 'paid', feeCents: 0, payable: true },
    ]);
    expect(t).toEqual({
      pendingCents: 25_051,
      earnedCents: 43_432,
      payableCents: 10_099,
      heldCents: 33_333,
      paidCents: 50_000,
      totalCents: 118_483,
      count: 6,
    });
    expect(t.payableCents + t.heldCents).toBe(t.earnedCents);
    expect(t.pendingCents + t.earnedCents + t.paidCents).toBe(t.totalCents);
  });

  it('adds cents exactly where dollars in floating point would not', () => {
    // 0.1 + 0.2 !== 0.3 in dollars; in cents the sum is exact.
    const t = referralFeeTotals([
      { status: 'earned', feeCents: 10, payable: true },
      { status: 'earned', feeCents: 20, payable: true },
    ]);
    expect(t.payableCents).toBe(30);
  });

  it('takes the largest fee at its bound, many times over', () => {
    const many = Array.from({ length: 1000 }, () => ({
      status: 'paid' as const,
      feeCents: REFERRAL_FEE_MAX_CENTS,
      payable: true,
    }));
    expect(referralFeeTotals(many).paidCents).toBe(1000 * REFERRAL_FEE_MAX_CENTS);
  });

  it.each([-1, 0.5, REFERRAL_FEE_MAX_CENTS + 1, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses a fee of %s cents instead of rounding it',
    (feeCents) => {
      expect(() => referralFeeTotals([{ status: 'pending', feeCents, payable: false }])).toThrow(
        RangeError,
      );
    },
  );
});

describe('furthestReferralStep', () => {
  const none = { invited: null, signedUp: null, propertyAdded: null, ordered: null, paid: null };
  it('is invited until something else happened', () => {
    expect(furthestReferralStep({ ...none, invited: '2026-01-01T00:00:00Z' })).toBe('invited');
  });
  it('is the furthest step with a date', () => {
    expect(
      furthestReferralStep({
        ...none,
        invited: '2026-01-01T00:00:00Z',
        signedUp: '2026-01-02T00:00:00Z',
        propertyAdded: '2026-01-03T00:00:00Z',
        ordered: '2026-01-04T00:00:00Z',
      }),
    ).toBe('ordered');
  });
  it('counts a later step even when an earlier one has no date', () => {
    expect(
      furthestReferralStep({ ...none, signedUp: '2026-01-02T00:00:00Z', paid: '2026-02-01' }),
    ).toBe('paid');
  });
});
