import { describe, expect, it } from 'vitest';
import { serviceSlugs } from './service-slugs.ts';

/**
 * Spec section 3's services, written a second, independent way (by family, not as the module's
 * list) so that a slug added, dropped or misspelt there is caught here.
 */
const REPRESENTATIONS = ['buyer', 'seller'].flatMap((side) =>
  ['flat-fee', 'hourly', 'full-service'].map((kind) => `${side}-${kind}-representation`),
);
const SPEC_SLUGS = [
  ...REPRESENTATIONS,
  ...['comps', 'free-comps', 'home-value-report', 'photography', 'lockbox-rental'],
  ...['fsbo-listing', 'mls-listing-local', 'mls-listing-state'],
  ...['concierge-review', 'concierge-listing'],
  ...['real-estate-sign-posts', 'sign-post-purchase', 'sign-purchase', 'lantern-signs'],
];

describe('serviceSlugs', () => {
  it('is exactly the 20 slugs of spec section 3, with {product}-signs from SITE_NAME', () => {
    expect(SPEC_SLUGS).toHaveLength(20);
    expect([...serviceSlugs('Lantern')].sort()).toEqual([...SPEC_SLUGS].sort());
    expect(serviceSlugs('Acme Homes!')).toContain('acme-homes-signs');
  });
});
