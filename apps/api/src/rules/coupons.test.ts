import { describe, expect, it } from 'vitest';
import { type CouponRefusal, couponRefusal, type RedemptionFacts } from './coupons.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const base: NonNullable<Parameters<typeof couponRefusal>[0]> = {
  active: true,
  startsAt: null,
  expiresAt: null,
  productSlug: null,
  maxRedemptions: null,
  redemptionCount: 0,
  oncePerCustomer: false,
  firstOrderOnly: false,
};
const facts: RedemptionFacts = {
  now: NOW,
  productSlug: 'mls-listing-state',
  quoted: false,
  usedByCustomer: false,
  hasEarlierOrder: false,
};

describe('coupon rules', () => {
  const cases: Array<
    [string, Partial<typeof base> | null, Partial<RedemptionFacts>, CouponRefusal | null]
  > = [
    ['a plain coupon', {}, {}, null],
    ['no such code', null, {}, 'unknown'],
    ['deactivated', { active: false }, {}, 'unknown'],
    ['a quoted service', {}, { quoted: true }, 'notForQuote'],
    ['for another product', { productSlug: 'fsbo-listing' }, {}, 'notForProduct'],
    ['for this product', { productSlug: 'mls-listing-state' }, {}, null],
    ['before its start', { startsAt: new Date('2026-06-15T12:00:01Z') }, {}, 'notStarted'],
    ['at its start', { startsAt: NOW }, {}, null],
    ['at its end', { expiresAt: NOW }, {}, 'expired'],
    ['just before its end', { expiresAt: new Date('2026-06-15T12:00:01Z') }, {}, null],
    ['the last use left', { maxRedemptions: 3, redemptionCount: 2 }, {}, null],
    ['used up', { maxRedemptions: 3, redemptionCount: 3 }, {}, 'usedUp'],
    ['once per customer, first use', { oncePerCustomer: true }, {}, null],
    [
      'once per customer, used before',
      { oncePerCustomer: true },
      { usedByCustomer: true },
      'alreadyUsed',
    ],
    ['used before, no once-per-customer rule', {}, { usedByCustomer: true }, null],
    ['first order only, first order', { firstOrderOnly: true }, {}, null],
    [
      'first order only, an earlier order',
      { firstOrderOnly: true },
      { hasEarlierOrder: true },
      'firstOrderOnly',
    ],
    ['an earlier order, no first-order rule', {}, { hasEarlierOrder: true }, null],
    // The customer hears what they can act on first: the wrong service before a limit.
    [
      'wrong product and used up',
      { productSlug: 'fsbo-listing', maxRedemptions: 1, redemptionCount: 1 },
      {},
      'notForProduct',
    ],
    [
      'expired and used up',
      { expiresAt: NOW, maxRedemptions: 1, redemptionCount: 1 },
      {},
      'expired',
    ],
  ];
  it.each(cases)('%s', (_name, coupon, more, expected) => {
    expect(couponRefusal(coupon ? { ...base, ...coupon } : undefined, { ...facts, ...more })).toBe(
      expected,
    );
  });
});
