import { z } from 'zod';
import { singleLineText } from '../text.ts';

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
