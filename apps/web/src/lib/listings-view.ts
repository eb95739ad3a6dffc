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
  /** A map's edges, `west,south,east,north` ("search this area"). */
  area?: string;
}
const FORM_FIELDS = [
  'place',
  'minPrice',
  'maxPrice',
  'beds',
  'baths',
  'type',
  'sort',
  'area',
] as const;
export const FILTER_FIELDS = [
  'place',
  'minPrice',
  'maxPrice',
  'beds',
  'baths',
  'type',
  'area',
] as const;
/** The filters behind the phone's "Filters" button. */
const MORE_FIELDS = ['minPrice', 'maxPrice', 'beds', 'baths', 'type'] as const;

/** How many of the filters behind "Filters" are set (shown on the button). */
export function setFilterCount(form: ListingsFormValues): number {
  return MORE_FIELDS.filter((k) => form[k]?.trim()).length;
}

/** The list's first page with these filters but not `keys`. */
export function withoutFilters(
  path: string,
  form: ListingsFormValues,
  ...keys: (keyof ListingsFormValues)[]
): string {
  const rest = { ...form };
  for (const k of keys) delete rest[k];
  return path + listingsQueryString(rest, 1);
}

/** One way to widen a search that found nothing: the same address without some filters. */
export interface Widening {
  label: string;
  href: string;
}

/**
 * The searches one step wider than this one (issue 47's empty state): each set filter dropped
 * on its own, in the order a visitor is likeliest to give it up.
 */
export function widerSearches(path: string, form: ListingsFormValues): Widening[] {
  const without = (...keys: (keyof ListingsFormValues)[]) => withoutFilters(path, form, ...keys);
  const set = (k: keyof ListingsFormValues) => Boolean(form[k]?.trim());
  const found: Widening[] = [];
  if (set('area')) found.push({ label: 'Search beyond the map area', href: without('area') });
  if (set('minPrice') || set('maxPrice')) {
    found.push({ label: 'Any price', href: without('minPrice', 'maxPrice') });
  }
  if (set('beds')) found.push({ label: 'Any number of bedrooms', href: without('beds') });
  if (set('baths')) found.push({ label: 'Any number of bathrooms', href: without('baths') });
  if (set('type')) found.push({ label: 'Every type of home', href: without('type') });
  if (set('place'))
    found.push({ label: `Anywhere, not just ${form.place?.trim()}`, href: without('place') });
  return found;
}

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
