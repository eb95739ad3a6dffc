import type { TListingStatus, TPublicListing, TSiteQuery } from '@lantern/contracts';

/**
 * The formatting and links of the list pages (/current-listings, /past-sales, /past-listings;
 * components/listings/), rendered on demand from `Astro.locals.site.listingsPage`.
 */

const MONEY = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const NUMBER = new Intl.NumberFormat('en-US');

export const formatMoney = (dollars: number) => MONEY.format(dollars);
export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatNumber = (n: number) => NUMBER.format(n);

export const STATUS_LABEL: Record<TListingStatus, string> = {
  active: 'For sale',
  pending: 'Under contract',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** The badge's classes for each status (packages/ui's badge). */
export const STATUS_BADGE: Record<TListingStatus, string> = {
  active: 'ln-badge ln-badge--primary',
  pending: 'ln-badge ln-badge--warning',
  sold: 'ln-badge ln-badge--success',
  withdrawn: 'ln-badge',
  expired: 'ln-badge',
};

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "3 beds · 2.5 baths · 1,850 sq ft": the facts a card shows. */
export function keyFacts(l: {
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
}): string[] {
  return [
    l.bedrooms != null ? plural(l.bedrooms, 'bed', 'beds') : null,
    l.bathrooms != null ? plural(l.bathrooms, 'bath', 'baths') : null,
    l.squareFeet != null ? `${formatNumber(l.squareFeet)} sq ft` : null,
  ].filter((f): f is string => f !== null);
}

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

/**
 * JSON to place inside a `<script type="application/json">` element: `<`, `>` and `&` as `\u`
 * escapes (so `</script>` or `<!--` in a value cannot end or change the element), and the two
 * line separators JavaScript once refused in strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
