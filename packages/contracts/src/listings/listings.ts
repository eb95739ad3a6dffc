import { LISTING_PRICE_EVENTS, type TListingPriceEvent } from '@lantern/domain';
import { z } from 'zod';
import { ZPublicOpenHouseSchema } from '../listing-tools/open-houses.ts';
import { singleLineText } from '../text.ts';
import { AREA_FORMAT, parseListingsArea } from './listings-area.ts';

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
  /** GET: one photo of a published listing, in one of PHOTO_SIZES (`thumb`, `web`). */
  photoFile: (id: string, photo: string, size: 'thumb' | 'web') =>
    `/api/listings/${encodeURIComponent(id)}/photos/${encodeURIComponent(photo)}/${size}`,
} as const;

/** The server-filled list pages, by view. */
export const LISTING_VIEW_PAGES: Record<TListingView, string> = {
  current: '/current-listings',
  sold: '/past-sales',
  past: '/past-listings',
};

export const ZListingPhotoParamsSchema = z.object({ id: singleLineText().min(1).max(64) });
export const ZListingPhotoFileParamsSchema = z.object({
  id: singleLineText().min(1).max(64),
  photo: singleLineText().min(1).max(64),
  size: z.enum(['thumb', 'web'], { error: 'The size is thumb or web.' }),
});
export const ZListingPageParamsSchema = z.object({ slug: singleLineText().min(1).max(300) });

/** How a list is ordered. `sold` (most recently sold first) is offered on the sold views only. */
export const LISTING_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'sold', label: 'Most recently sold' },
] as const;
export type TListingSort = (typeof LISTING_SORTS)[number]['value'];
export const sortsFor = (view: TListingView) =>
  LISTING_SORTS.filter((s) => s.value !== 'sold' || view !== 'current');
export const defaultSort = (view: TListingView): TListingSort =>
  view === 'current' ? 'newest' : 'sold';
/** The sort a list uses: the one asked for when its view offers it, else the view's default. */
export function effectiveSort(view: TListingView, sort: TListingSort | undefined): TListingSort {
  if (!sort || (sort === 'sold' && view === 'current')) return defaultSort(view);
  return sort;
}

/** Results per page of the lists (and of GET /api/listings). */
export const LISTINGS_PAGE_SIZE = 12;
export const LISTINGS_MAX_PAGE = 1000;
/**
 * A list counts its matches up to here and then says "10,000+" (issue 46): an exact count of a
 * grown table cost a scan of every match on every page.
 */
export const LISTINGS_COUNT_CAP = 1_000;
export const LISTINGS_MAX_PRICE = 1_000_000_000;

/** An HTML form sends an empty field as `name=`: that is no filter, not zero. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const wholeNumber = (message: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .min(0, { error: message })
      .max(max, { error: message })
      .optional(),
  );

/**
 * GET /api/listings and the pages /current-listings, /past-sales, /past-listings: one schema
 * for both. `place` is a city ("Austin" or "Austin, TX") or a ZIP code; `area` a map's edges
 * ("search this area", issue 47).
 */
export const ZListingsQuerySchema = z
  .object({
    view: z
      .enum(LISTING_VIEWS, { error: 'Choose current, sold or past listings.' })
      .default('current'),
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'The page is a whole number from 1.' })
        .int({ error: 'The page is a whole number from 1.' })
        .min(1, { error: 'The page is a whole number from 1.' })
        .max(LISTINGS_MAX_PAGE, { error: `There are at most ${LISTINGS_MAX_PAGE} pages.` })
        .default(1),
    ),
    place: z.preprocess(
      blankToUndefined,
      singleLineText()
        .trim()
        .max(100, { error: 'Enter a city or ZIP code of at most 100 characters.' })
        .optional(),
    ),
    minPrice: wholeNumber('Enter the lowest price in whole dollars.', LISTINGS_MAX_PRICE),
    maxPrice: wholeNumber('Enter the highest price in whole dollars.', LISTINGS_MAX_PRICE),
    beds: wholeNumber('Choose the fewest bedrooms as a whole number.', 99),
    baths: wholeNumber('Choose the fewest bathrooms as a whole number.', 99),
    type: z.preprocess(
      blankToUndefined,
      z
        .enum(
          PUBLIC_PROPERTY_TYPES.map((t) => t.value) as [
            TPublicPropertyType,
            ...TPublicPropertyType[],
          ],
          {
            error: 'Choose a property type from the list.',
          },
        )
        .optional(),
    ),
    area: z.preprocess(
      blankToUndefined,
      z
        .string({ error: AREA_FORMAT })
        .max(100, { error: AREA_FORMAT })
        .transform((text, ctx) => {
          const area = parseListingsArea(text);
          if (typeof area !== 'string') return area;
          ctx.addIssue({ code: 'custom', message: area });
          return z.NEVER;
        })
        .optional(),
    ),
    sort: z.preprocess(
      blankToUndefined,
      z
        .enum(LISTING_SORTS.map((s) => s.value) as [TListingSort, ...TListingSort[]], {
          error: 'Choose how to sort from the list.',
        })
        .optional(),
    ),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: 'The lowest price is above the highest price.',
    path: ['maxPrice'],
  });
export type TListingsQuery = z.input<typeof ZListingsQuerySchema>;
export type TListingsFilter = z.output<typeof ZListingsQuerySchema>;

/** A place filter read as a ZIP code or a city (with an optional two-letter state). */
export function parsePlace(
  place: string,
): { zip: string } | { city: string; state: string | null } | null {
  const p = place.trim();
  if (!p) return null;
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(p);
  if (zip?.[1]) return { zip: zip[1] };
  const withState = /^(.+?),\s*([A-Za-z]{2})$/.exec(p);
  if (withState?.[1] && withState[2]) {
    return { city: withState[1].trim(), state: withState[2].toUpperCase() };
  }
  return { city: p, state: null };
}

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
  /** The listing's page (/listings/{slug}). */
  url: z.string(),
  propertyType: ZPublicPropertyTypeSchema.nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  listedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TPublicListing = z.infer<typeof ZPublicListingSchema>;

export const ZListingsResponseSchema = z.object({
  listings: z.array(ZPublicListingSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every match, or LISTINGS_COUNT_CAP when there are more (then `totalCapped` is true). */
  total: z.number().int(),
  totalCapped: z.boolean(),
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
  /** Upcoming open houses, soonest first (issue 22); none on a preview. */
  openHouses: z.array(ZPublicOpenHouseSchema).optional(),
});
export type TPublicListingDetail = z.infer<typeof ZPublicListingDetailSchema>;

const SUB_TYPE_PUBLIC: Partial<Record<string, TPublicPropertyType>> = {
  SingleFamilyResidence: 'single-family',
  Cabin: 'single-family',
  Condominium: 'condo',
  StockCooperative: 'condo',
  OwnYourOwn: 'condo',
  Apartment: 'condo',
  Townhouse: 'townhouse',
  Duplex: 'multi-family',
  Triplex: 'multi-family',
  Quadruplex: 'multi-family',
  MultiFamily: 'multi-family',
  ManufacturedHome: 'manufactured',
  ManufacturedOnLand: 'manufactured',
  MobileHome: 'manufactured',
  UnimprovedLand: 'land',
  Agriculture: 'land',
  Farm: 'land',
  Ranch: 'land',
};
const TYPE_PUBLIC: Partial<Record<string, TPublicPropertyType>> = {
  Residential: 'single-family',
  ResidentialIncome: 'multi-family',
  Land: 'land',
  Farm: 'land',
  ManufacturedInPark: 'manufactured',
};

/**
 * The public type of an MLS listing from its RESO PropertySubType, else its PropertyType; what
 * fits none of ours (a boat slip, a business) is "other". Null when neither is known.
 */
export function publicPropertyType(
  propertyType: string | null,
  propertySubType: string | null,
): TPublicPropertyType | null {
  if (propertySubType && SUB_TYPE_PUBLIC[propertySubType]) return SUB_TYPE_PUBLIC[propertySubType];
  if (propertyType && TYPE_PUBLIC[propertyType]) return TYPE_PUBLIC[propertyType];
  return propertyType || propertySubType ? 'other' : null;
}
