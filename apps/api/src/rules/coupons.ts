import type { Coupon } from '@lantern/db';

/** Why a coupon cannot be used on an order; each maps to a customer message in contracts. */
export type CouponRefusal =
  | 'unknown'
  | 'notStarted'
  | 'expired'
  | 'notForProduct'
  | 'notForQuote'
  | 'usedUp'
  | 'alreadyUsed'
  | 'firstOrderOnly';

/** What the ordering transaction knows when it checks a coupon (read under the coupon's lock). */
export interface RedemptionFacts {
  now: Date;
  productSlug: string;
  /** The product is quoted per property: nothing to discount yet. */
  quoted: boolean;
  /** The customer already holds a redemption of this coupon (an order not cancelled). */
  usedByCustomer: boolean;
  /** The customer has an earlier order that was not cancelled. */
  hasEarlierOrder: boolean;
}

type CouponRules = Pick<
  Coupon,
  | 'active'
  | 'startsAt'
  | 'expiresAt'
  | 'productSlug'
  | 'maxRedemptions'
  | 'redemptionCount'
  | 'oncePerCustomer'
  | 'firstOrderOnly'
>;

/**
 * The first rule a coupon breaks for this order, or null when it may be used. The order of the
 * checks is the order a customer can act on: a code that does not exist or is not for this
 * service says so before anything about limits.
 */
export function couponRefusal(
  coupon: CouponRules | undefined,
  facts: RedemptionFacts,
): CouponRefusal | null {
  if (!coupon?.active) return 'unknown';
  if (facts.quoted) return 'notForQuote';
  if (coupon.productSlug && coupon.productSlug !== facts.productSlug) return 'notForProduct';
  if (coupon.startsAt && coupon.startsAt > facts.now) return 'notStarted';
  if (coupon.expiresAt && coupon.expiresAt <= facts.now) return 'expired';
  if (coupon.oncePerCustomer && facts.usedByCustomer) return 'alreadyUsed';
  if (coupon.firstOrderOnly && facts.hasEarlierOrder) return 'firstOrderOnly';
  if (coupon.maxRedemptions !== null && coupon.redemptionCount >= coupon.maxRedemptions)
    return 'usedUp';
  return null;
}
