import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { LISTING_PRICE_EVENTS, type TListingPriceEvent } from './fsbo-listing-steps.ts';

/** Which public list a page shows: /current-listings, /past-sales, /past-listings. */
export const LISTING_VIEWS = ['current', 'sold', 'past'] as const;
export type TListingView = (typeof LISTING_VIEWS)[number];

/** Listing states kept in the database. The spec shows none, so these are ours. */
export const LISTING_STATUSES = ['active', 'pending', 'sold', 'withdrawn', 'expired'] as const;
export type TListingStatus = (typeof LISTING_STATUSES)[number];

/** Which statuses each public view shows. */
export const VIEW_STATUSES: Record<TListingView, readonly TListingStatus[]> = {
  current: ['active', 'pending'],
  sold: ['sold'],
  past: ['sold', 'withdrawn', 'expired'],
};

/**
 * The property types a public listing is filtered by (ours; the spec shows none). An FSBO seller
 * picks one; an MLS listing's RESO PropertySubType is mapped to one by `publicPropertyType`.
 */
export const PUBLIC_PROPERTY_TYPES = [
  { value: 'single-family', label: 'Single-family home' },
  { value: 'condo', label: 'Condo' },
  { value: 'townhouse', label: 'Townhouse' },
  { value: 'multi-family', label: 'Multi-family' },
  { value: 'manufactured', label: 'Manufactured home' },
  { value: 'land', label: 'Land' },
  { value: 'other', label: 'Other' },
] as const;
export type TPublicPropertyType = (typeof PUBLIC_PROPERTY_TYPES)[number]['value'];
export const ZPublicPropertyTypeSchema = z.enum(
  PUBLIC_PROPERTY_TYPES.map((t) => t.value) as [TPublicPropertyType, ...TPublicPropertyType[]],
);

/**
 * The readable, stable part of a listing page's URL: the address in lower-case words, then the
 * public id (which alone identifies it), e.g. `12-elm-st-austin-tx-78701-Ab3…`. Made once, on
 * first publication (migration 0020 makes the same shape for older rows).
 */
export function listingSlug(
  parts: { streetAddress: string; city: string; state: string; zipCode: string },
  hash: string,
): string {
  const words = `${parts.streetAddress} ${parts.city} ${parts.state} ${parts.zipCode}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words ? `${words}-${hash}` : hash;
}

/** A listing page's path. */
export const listingPagePath = (slug: string) => `/listings/${encodeURIComponent(slug)}`;

/** The public listing endpoints. */
export const LISTINGS_API = {
  listings: '/api/listings',
  /** GET: the primary photo (web size) of a published listing. */
  photo: (id: string) => `/api/listings/${encodeURIComponent(id)}/photo`,
} as const;

export const ZListingPhotoParamsSchema = z.object({ id: singleLineText().min(1).max(64) });

/** GET /api/listings?view=… */
export const ZListingsQuerySchema = z.object({
  view: z.enum(LISTING_VIEWS).default('current'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type TListingsQuery = z.input<typeof ZListingsQuerySchema>;

export const ZPublicListingSchema = z.object({
  id: z.string(),
  status: z.enum(LISTING_STATUSES),
  /** Street address as the seller chose to publish it. */
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** Whole US dollars. */
  price: z.number().int().nonnegative().nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  squareFeet: z.number().int().nullable(),
  photoUrl: z.string().nullable(),
  listedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TPublicListing = z.infer<typeof ZPublicListingSchema>;

export const ZListingsResponseSchema = z.object({
  listings: z.array(ZPublicListingSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TListingsResponse = z.infer<typeof ZListingsResponseSchema>;

/** What a public row was and is, for its price history. */
export interface ListingPriceState {
  status: TListingStatus;
  price: number | null;
  published: boolean;
}

/**
 * The price-history entries one change of a public row makes: first publication is "listed",
 * publication again "relisted"; then status moves (pending, back on the market, sold, withdrawn,
 * expired) and price changes while the status stays.
 */
export function listingPriceEventsFor(
  before: ListingPriceState | undefined,
  after: ListingPriceState,
): { kind: TListingPriceEvent; price: number | null }[] {
  const price = after.price;
  if (!after.published) {
    return before?.published && (before.status === 'active' || before.status === 'pending')
      ? [{ kind: 'withdrawn', price: before.price }]
      : [];
  }
  if (!before) return [{ kind: 'listed', price }];
  if (!before.published) return [{ kind: 'relisted', price }];
  if (before.status !== after.status) {
    const kind: TListingPriceEvent =
      after.status === 'pending'
        ? 'pending'
        : after.status === 'active'
          ? before.status === 'pending'
            ? 'back_on_market'
            : 'relisted'
          : after.status;
    return [{ kind, price }];
  }
  return before.price !== price ? [{ kind: 'price_changed', price }] : [];
}

/**
 * Everything one listing page shows (GET /listings/{slug}, and the FSBO review step's preview of
 * a draft, which must look exactly like it). Photo URLs are the caller's: public routes for a
 * published listing, the owner's dashboard routes for a draft.
 */
export const ZPublicListingDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  kind: z.enum(['mls', 'fsbo']),
  status: z.enum(LISTING_STATUSES),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** Whole US dollars: list price, or the sale price once sold. */
  price: z.number().int().nonnegative().nullable(),
  propertyType: ZPublicPropertyTypeSchema.nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  squareFeet: z.number().int().nullable(),
  yearBuilt: z.number().int().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  remarks: z.string().nullable(),
  features: z.array(z.string()),
  /** In gallery order; the first is the primary photo. */
  photos: z.array(
    z.object({
      /** Large (gallery) and small (thumbnail strip) sizes. */
      url: z.string(),
      thumbUrl: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      caption: z.string(),
    }),
  ),
  /** The seller's details they chose to show (FSBO); null when buyers go through us. */
  contact: z
    .object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  priceHistory: z.array(
    z.object({
      kind: z.enum(LISTING_PRICE_EVENTS),
      price: z.number().int().nullable(),
      at: z.string(),
    }),
  ),
  listedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TPublicListingDetail = z.infer<typeof ZPublicListingDetailSchema>;
