import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';

/**
 * The Portals tab of /dashboard/listing (issue 49; docs/decisions/098): the home-search portals
 * our feed goes to, by name, each with "Send to <name>". Unticking one keeps the listing out of
 * that portal's feed from its next fetch; the others still get it.
 */
export const LISTING_PORTALS_API = {
  /** GET ?property=: the portals and whether the listing goes to each; PUT: the portals it skips. */
  portals: '/api/dashboard/listing/portals',
} as const;

export const LISTING_PORTALS_TEXTS = {
  tab: 'Portals',
  heading: 'Home-search portals',
  intro:
    'We send a feed of our listings to these home-search sites. Untick a site to keep your listing off it; the others still show it.',
  send: (name: string) => `Send to ${name}`,
  save: 'Save',
  saved: 'Saved. The portals read the change at their next fetch.',
  none: 'We send our listings to no portal at the moment.',
  notShared:
    'This listing is not shared with other home-search sites, so no portal gets it, whatever is ticked here.',
  notPublished: 'This listing is not on the public site now, so no portal gets it.',
  portal: 'Choose only portals from this list.',
} as const;

export const ZListingPortalSchema = z.object({
  hash: z.string(),
  name: z.string(),
  /** False when the owner keeps the listing out of this portal. */
  send: z.boolean(),
});

export const ZListingPortalsSchema = z.object({
  /** The seller agreed to share the listing beyond our site (InternetEntireListingDisplayYN). */
  shared: z.boolean(),
  portals: z.array(ZListingPortalSchema),
});
export type TListingPortals = z.infer<typeof ZListingPortalsSchema>;

/**
 * The portals the listing is kept out of; every other live portal gets it (so a portal added
 * while the form was open is not skipped without the owner seeing it).
 */
export const ZListingPortalsUpdateSchema = z.object({
  property: ZPropertyHashSchema,
  skip: z
    .array(z.string().min(1).max(64), { error: LISTING_PORTALS_TEXTS.portal })
    .max(100, LISTING_PORTALS_TEXTS.portal),
});
export type TListingPortalsUpdate = z.infer<typeof ZListingPortalsUpdateSchema>;
