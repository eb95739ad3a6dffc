import type { TPropertyRole } from '@lantern/domain';
import { z } from 'zod';
import { LISTING_STATUSES } from '../listings/listings.ts';

/**
 * The tools an owner has for a public listing (issue 22): the buyers' questions, showing
 * requests, analytics, open houses and text for info, each a tab of /dashboard/listing. They
 * belong to the listing's side of the sale: a buyer or buyer's agent on the same property sees
 * none of it (their request is a 404, as for any property they do not take part in).
 */
export const LISTING_OWNER_ROLES = [
  'seller',
  'sellerAgent',
  'landlord',
  'landlordAgent',
] as const satisfies readonly TPropertyRole[];

export const isListingOwnerRole = (role: TPropertyRole): boolean =>
  (LISTING_OWNER_ROLES as readonly string[]).includes(role);

export const LISTING_TOOLS_API = {
  /** GET ?property=: the property's public listing the tools work on. */
  listing: '/api/dashboard/listing',
} as const;

/** The dashboard pages; every tab keeps `?property=`. */
export const LISTING_TOOLS_PAGES = {
  home: (property: string) => `/dashboard/listing?property=${encodeURIComponent(property)}`,
  tab: (tab: string, property: string) =>
    `/dashboard/listing/${tab}?property=${encodeURIComponent(property)}`,
} as const;

/** The link to the tools from each listing's manage page. */
export const LISTING_TOOLS_LINK = "Your listing's buyers, showings and visits";

export const LISTING_TOOLS_TEXTS = {
  title: 'Your listing',
  noListing:
    'This property has no public listing yet. Publish your FSBO listing, or wait for your MLS listing to go live, and its buyers will show here.',
  notPublished: 'This listing is not on the public site now. What buyers sent before is kept here.',
} as const;

/** The listing the tools work on: the property's most recently published one (MLS or FSBO). */
export const ZOwnedListingSchema = z.object({
  /** The public listing's id (listings.hash). */
  hash: z.string(),
  kind: z.enum(['mls', 'fsbo']),
  status: z.enum(LISTING_STATUSES),
  /** /listings/{slug}; null for a listing never published. */
  slug: z.string().nullable(),
  published: z.boolean(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** The property's IANA time zone, for showing times as the seller lives them. */
  timeZone: z.string(),
});
export type TOwnedListing = z.infer<typeof ZOwnedListingSchema>;

export const ZOwnedListingResponseSchema = z.object({ listing: ZOwnedListingSchema });
export type TOwnedListingResponse = z.infer<typeof ZOwnedListingResponseSchema>;
