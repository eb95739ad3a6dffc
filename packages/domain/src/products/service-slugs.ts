import { siteSlug } from '../site.ts';

/**
 * Every service slug of spec section 3, in the spec's order. `{product}-signs` depends on
 * SITE_NAME, so it is filled in by `serviceSlugs(siteName)`; the others are fixed.
 */
export const FIXED_SERVICE_SLUGS = [
  'buyer-flat-fee-representation',
  'buyer-hourly-representation',
  'buyer-full-service-representation',
  'comps',
  'free-comps',
  'fsbo-listing',
  'home-value-report',
  'lockbox-rental',
  'mls-listing-local',
  'mls-listing-state',
  'photography',
  'real-estate-sign-posts',
  'seller-flat-fee-representation',
  'seller-hourly-representation',
  'seller-full-service-representation',
  'sign-post-purchase',
  'sign-purchase',
  'concierge-review',
  'concierge-listing',
] as const;
export type TFixedServiceSlug = (typeof FIXED_SERVICE_SLUGS)[number];

/** `{product}-signs`, e.g. `lantern-signs` for SITE_NAME "Lantern". */
export function signsSlug(siteName: string): string {
  return `${siteSlug(siteName)}-signs`;
}

/** All 20 slugs the services-for-property answer is keyed by, `{product}-signs` in its spec place. */
export function serviceSlugs(siteName: string): string[] {
  const slugs: string[] = [...FIXED_SERVICE_SLUGS];
  slugs.splice(slugs.indexOf('home-value-report') + 1, 0, signsSlug(siteName));
  return slugs;
}

/** What a services-for-property answer carries: slug → available (truthy when available). */
export type TServices = Readonly<Record<string, boolean | undefined>>;
