import { FIXED_SERVICE_SLUGS } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { priceText, REPRESENTATION_TERMS } from './catalogue.ts';

describe('priceText', () => {
  it('shows a price, the free label, the representation terms or a quote', () => {
    expect(priceText({ slug: 'photography', priceCents: 17_900 })).toBe('$179');
    expect(priceText({ slug: 'free-comps', priceCents: 0 })).toBe('Free');
    expect(priceText({ slug: 'lockbox-rental', priceCents: 3_900, depositCents: 10_000 })).toBe(
      '$39 + $100 refundable deposit',
    );
    expect(priceText({ slug: 'seller-flat-fee-representation', priceCents: null })).toBe(
      '$2,995 flat fee, paid at closing',
    );
    expect(priceText({ slug: 'buyer-hourly-representation', priceCents: null })).toBe(
      '$150 an hour',
    );
    expect(priceText({ slug: 'seller-full-service-representation', priceCents: null })).toBe(
      '2.5% of the price, paid at closing',
    );
    expect(priceText({ slug: 'photography', priceCents: null })).toBe('Priced for your property');
  });

  it('has terms for exactly the six representation services', () => {
    expect(Object.keys(REPRESENTATION_TERMS).sort()).toEqual(
      FIXED_SERVICE_SLUGS.filter((s) => s.endsWith('-representation')).sort(),
    );
  });
});
