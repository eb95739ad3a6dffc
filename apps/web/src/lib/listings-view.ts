import { formatMoney, type TPublicListing, type TSiteQuery } from '@lantern/contracts';

/**
 * The query, form values, links and map points of the list pages (/current-listings, /past-sales,
 * /past-listings; components/listings/), rendered on demand from `Astro.locals.site.listingsPage`.
 * Money, counts and statuses are worded by the contracts' listing-format, as on a listing's page.
 */

/** The filter form's fields as the visitor typed them (kept in the form, even when invalid). */
export interface ListingsFormValues {
  place?: string;
  minPrice?: string;
  maxPrice?: string;
  beds?: string;
  baths?: string;
  type?: string;
  sort?: string;
}
const FORM_FIELDS = ['place', 'minPrice', 'maxPrice', 'beds', 'baths', 'type', 'sort'] as const;
export const FILTER_FIELDS = ['place', 'minPrice', 'maxPrice', 'beds', 'baths', 'type'] as const;

/** The page's query, each name once or with every value it was given. */
export function siteQuery(params: URLSearchParams): TSiteQuery {
  const query: TSiteQuery = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/** The visitor's own values, as typed, for the form (single values only; the rest is ignored). */
export function formValues(query: TSiteQuery): ListingsFormValues {
  const form: ListingsFormValues = {};
  for (const key of FORM_FIELDS) {
    const value = query[key];
    if (typeof value === 'string') form[key] = value.slice(0, 200);
  }
  return form;
}

/** The page's query string for these form values, at a page (1 is left out). */
export function listingsQueryString(form: ListingsFormValues, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value?.trim()) params.set(key, value.trim());
  }
  if (page > 1) params.set('page', String(page));
  const q = params.toString();
  return q ? `?${q}` : '';
}

/** One marker on a page's map (lib/listing-map.ts reads these). */
export interface MapPoint {
  lat: number;
  lng: number;
  /** Shown in the marker's popup (and its accessible name). */
  title: string;
  detail?: string;
  /** The popup links here. */
  url?: string;
}

/** The markers of the homes that have a position. */
export function listingPoints(listings: TPublicListing[]): MapPoint[] {
  return listings
    .filter((l) => l.lat != null && l.lng != null)
    .map((l) => ({
      lat: l.lat as number,
      lng: l.lng as number,
      title: l.address,
      detail: [l.price != null ? formatMoney(l.price) : null, `${l.city}, ${l.state}`]
        .filter(Boolean)
        .join(' · '),
      url: l.url,
    }));
}
