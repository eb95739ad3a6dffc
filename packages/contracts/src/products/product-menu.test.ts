import {
  FIXED_SERVICE_SLUGS,
  PROPERTY_ROLES,
  serviceSlugs,
  type TPropertyRole,
} from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { productMenuItems, type TProductMenuKey } from './product-menu.ts';

/** Spec section 6, written out a second, independent way: one predicate per item. */
function expected(role: TPropertyRole, has: (slug: string) => boolean): TProductMenuKey[] {
  const sellerSide = ['seller', 'sellerAgent', 'landlord', 'landlordAgent', 'concierge'];
  const keys: TProductMenuKey[] = [];
  if (
    sellerSide.includes(role) &&
    (has('seller-hourly-representation') ||
      has('seller-flat-fee-representation') ||
      has('seller-full-service-representation'))
  )
    keys.push('seller-agent');
  if (
    (role === 'buyer' || role === 'buyerAgent') &&
    (has('buyer-flat-fee-representation') ||
      has('buyer-hourly-representation') ||
      has('buyer-full-service-representation'))
  )
    keys.push('buyer-agent');
  if (has('mls-listing-state') || has('mls-listing-local')) keys.push('mls-listing');
  if (has('concierge-listing') || has('concierge-review')) keys.push('mls-listing-help');
  if (has('fsbo-listing')) keys.push('fsbo-listing');
  if (has('free-comps') || has('comps') || has('home-value-report')) keys.push('valuation');
  if (has('lockbox-rental')) keys.push('lockbox-rental');
  if (has('photography')) keys.push('photography');
  if (has('real-estate-sign-posts') || has('sign-purchase')) keys.push('signage');
  return keys;
}

// The 18 slugs the rules read; the others (sign-post-purchase, {product}-signs) are checked below
// to change nothing, which keeps the exhaustive table at 7 x 2^18 cases.
const SLUGS = FIXED_SERVICE_SLUGS.filter((slug) => slug !== 'sign-post-purchase');

describe('productMenuItems', () => {
  it('matches the spec for every role and every combination of services', () => {
    let checked = 0;
    for (const role of PROPERTY_ROLES) {
      const services: Record<string, boolean> = {};
      for (let mask = 0; mask < 2 ** SLUGS.length; mask++) {
        SLUGS.forEach((slug, i) => {
          services[slug] = (mask & (1 << i)) !== 0;
        });
        const got = productMenuItems(role, services).map((item) => item.key);
        const want = expected(role, (slug) => services[slug] === true);
        // expect() only on a mismatch: 1.8 million passing expects would dominate the run.
        if (got.join() !== want.join()) {
          expect({ role, services: { ...services }, got }).toEqual({ role, services, got: want });
        }
        checked++;
      }
    }
    expect(SLUGS).toHaveLength(18);
    expect(checked).toBe(PROPERTY_ROLES.length * 2 ** SLUGS.length);
  }, 60_000);

  it.each([
    ['seller', ['seller-flat-fee-representation'], ['seller-agent']],
    ['landlordAgent', ['seller-hourly-representation'], ['seller-agent']],
    ['concierge', ['seller-full-service-representation'], ['seller-agent']],
    ['buyer', ['seller-flat-fee-representation'], []],
    ['buyerAgent', ['buyer-hourly-representation'], ['buyer-agent']],
    ['seller', ['buyer-full-service-representation'], []],
    ['buyer', ['mls-listing-local'], ['mls-listing']],
    ['seller', ['concierge-review'], ['mls-listing-help']],
    ['landlord', ['home-value-report'], ['valuation']],
    ['buyer', ['sign-purchase'], ['signage']],
    ['seller', ['sign-post-purchase', 'lantern-signs'], []],
    ['seller', [], []],
  ] as const)('%s with %j shows %j', (role, slugs, keys) => {
    const services = Object.fromEntries(slugs.map((s) => [s, true]));
    expect(productMenuItems(role, services).map((i) => i.key)).toEqual(keys);
  });

  it('treats missing and false services as unavailable', () => {
    expect(productMenuItems('seller', { photography: false })).toEqual([]);
    expect(productMenuItems('seller', {})).toEqual([]);
  });

  it('lists items in the sidebar order with their labels and paths, MLS Listing hidden', () => {
    const all = Object.fromEntries(serviceSlugs('Lantern').map((s) => [s, true]));
    expect(productMenuItems('seller', all)).toEqual([
      {
        key: 'seller-agent',
        label: 'Seller Agent',
        path: '/dashboard/seller-agent',
        inSidebar: true,
      },
      {
        key: 'mls-listing',
        label: 'MLS Listing',
        path: '/dashboard/mls-listing',
        inSidebar: false,
      },
      {
        key: 'mls-listing-help',
        label: 'MLS Listing Help',
        path: '/dashboard/mls-listing-help',
        inSidebar: true,
      },
      {
        key: 'fsbo-listing',
        label: 'Free FSBO Listing',
        path: '/dashboard/fsbo-listing',
        inSidebar: true,
      },
      { key: 'valuation', label: 'Valuation', path: '/dashboard/valuation', inSidebar: true },
      {
        key: 'lockbox-rental',
        label: 'Lockbox Rental',
        path: '/dashboard/lockbox-rental',
        inSidebar: true,
      },
      { key: 'photography', label: 'Photography', path: '/dashboard/photography', inSidebar: true },
      { key: 'signage', label: 'Signs & Posts', path: '/dashboard/signage', inSidebar: true },
    ]);
  });
});
