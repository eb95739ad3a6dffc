import { CATALOGUE } from '@lantern/db/products-catalogue';
import { describe, expect, it } from 'vitest';
import { buildSiteData } from './build-site-data.ts';

describe('buildSiteData', () => {
  it('answers the packaged catalogue, with the site’s own signs product', async () => {
    const site = buildSiteData({ siteName: 'Maple Homes' });
    const catalogue = await site.catalogue();
    expect(catalogue).toHaveLength(CATALOGUE.length);
    const lockbox = CATALOGUE.find((e) => e.depositCents);
    expect(catalogue.find((p) => p.slug === lockbox?.slug)).toEqual({
      slug: lockbox?.slug,
      name: lockbox?.name,
      priceCents: lockbox?.priceCents,
      depositCents: lockbox?.depositCents,
      description: lockbox?.description,
    });
    expect(catalogue.find((p) => p.slug === 'fsbo-listing')?.depositCents).toBeNull();
    expect(catalogue.some((p) => p.slug === 'maple-homes-signs')).toBe(true);
    expect(catalogue.some((p) => p.slug.includes('{product}'))).toBe(false);
  });

  it('finds nothing while the build is making the index', async () => {
    expect(await buildSiteData({ siteName: 'Lantern' }).search('lockbox')).toEqual({
      results: [],
      total: 0,
    });
  });
});
