import type { TReferralStatus } from '@lantern/domain';
import { REFERRAL_FEE_MAX_CENTS } from '../admin/referrals.ts';

/** What the fee sums need of one referral. */
export interface ReferralFeeItem {
  status: TReferralStatus;
  /** Integer cents, 0 … REFERRAL_FEE_MAX_CENTS (decision 035). */
  feeCents: number;
  /** A license on file for the property's state, valid today (decision 035). */
  payable: boolean;
}

export interface ReferralFeeTotals {
  /** Recorded, not yet earned. */
  pendingCents: number;
  /** Earned and owed, paid or not yet: earned = payableCents + heldCents. */
  earnedCents: number;
  /** Earned and payable today under a license on file. */
  payableCents: number;
  /** Earned but held: no license on file for the property's state valid today (or no property). */
  heldCents: number;
  /** Paid out. */
  paidCents: number;
  /** Everything recorded: pending + earned + paid. */
  totalCents: number;
  count: number;
}

/**
 * A referrer's fee sums by state (issue 24; docs/decisions/051-vendor-referrals.md). Fees are
 * integer cents recorded by staff (a flat amount per referral, decision 035), so the sums are
 * exact integer additions; a fee that is not a whole number of cents in 0 … $100,000 is a bug
 * upstream and throws rather than being rounded into a figure someone would be paid on.
 */
export function referralFeeTotals(items: ReadonlyArray<ReferralFeeItem>): ReferralFeeTotals {
  const t: ReferralFeeTotals = {
    pendingCents: 0,
    earnedCents: 0,
    payableCents: 0,
    heldCents: 0,
    paidCents: 0,
    totalCents: 0,
    count: 0,
  };
  for (const item of items) {
    const fee = item.feeCents;
    if (!Number.isSafeInteger(fee) || fee < 0 || fee > REFERRAL_FEE_MAX_CENTS)
      throw new RangeError(`referral fee out of range: ${fee}`);
    if (item.status === 'pending') t.pendingCents += fee;
    else if (item.status === 'paid') t.paidCents += fee;
    else {
      t.earnedCents += fee;
      if (item.payable) t.payableCents += fee;
      else t.heldCents += fee;
    }
    t.totalCents += fee;
    t.count += 1;
  }
  if (!Number.isSafeInteger(t.totalCents)) throw new RangeError('referral fee total too large');
  return t;
}

/**
 * How far a referred person has come, from real records only (docs/decisions/051): each step is
 * the day it first happened, or null. The furthest step reached is the person's progress.
 */
export const REFERRAL_PROGRESS_STEPS = [
  'invited',
  'signedUp',
  'propertyAdded',
  'ordered',
  'paid',
] as const;
export type TReferralProgressStep = (typeof REFERRAL_PROGRESS_STEPS)[number];

export const REFERRAL_PROGRESS_LABELS: Record<TReferralProgressStep, string> = {
  invited: 'Invited',
  signedUp: 'Signed up',
  propertyAdded: 'Property added',
  ordered: 'Ordered',
  paid: 'Paid',
};

/** The furthest step with a date; a later step counts even if an earlier one has none. */
export function furthestReferralStep(
  steps: Readonly<Record<TReferralProgressStep, string | null>>,
): TReferralProgressStep {
  let furthest: TReferralProgressStep = 'invited';
  for (const step of REFERRAL_PROGRESS_STEPS) if (steps[step]) furthest = step;
  return furthest;
}
