import {
  PUBLIC_PROPERTY_TYPES,
  type TListingStatus,
  type TPublicPropertyType,
} from './listings.ts';

/**
 * How the public listing pages (one listing, the lists, the open house flyer) write a listing's
 * facts: money, dates, counts, status and type. Shared by the API and the public site so the two
 * never word a listing differently.
 */

/** What the listing pages need to know about the site that serves them. */
export interface TListingPageSite {
  siteName: string;
  /** Origin (and optional base path) without a trailing slash: absolute links, og:image. */
  publicUrl: string;
  /** BROKERAGE_LICENSES, e.g. `["CA DRE #01234567", "TX 9001234"]`. */
  brokerageLicenses: readonly string[];
  /** Map tiles (MAP_TILE_URL): a {z}/{x}/{y} template, or null for a plain background. */
  tiles: { url: string | null; attribution: string };
}

/** An absolute URL for a path of ours (or the URL itself when it already is one). */
export function absoluteUrl(site: Pick<TListingPageSite, 'publicUrl'>, url: string): string {
  return /^https?:\/\//i.test(url)
    ? url
    : `${site.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

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

export const PUBLIC_LISTING_STATUS_LABEL: Record<TListingStatus, string> = {
  active: 'For sale',
  pending: 'Under contract',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** The badge's classes for each status (packages/ui's badge). */
export const PUBLIC_LISTING_STATUS_BADGE: Record<TListingStatus, string> = {
  active: 'ln-badge ln-badge--primary',
  pending: 'ln-badge ln-badge--warning',
  sold: 'ln-badge ln-badge--success',
  withdrawn: 'ln-badge',
  expired: 'ln-badge',
};

export function propertyTypeLabel(type: TPublicPropertyType | string | null): string | null {
  return PUBLIC_PROPERTY_TYPES.find((t) => t.value === type)?.label ?? null;
}

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "3 beds · 2.5 baths · 1,850 sq ft": the facts a card and the page's header show. */
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

/** The licenses shown for a listing: those issued in its state, else every one we hold. */
export function licensesFor(state: string, licenses: readonly string[]): readonly string[] {
  const local = licenses.filter((l) =>
    l.trim().toUpperCase().startsWith(`${state.toUpperCase()} `),
  );
  return local.length ? local : licenses;
}

/**
 * JSON to place inside a `<script type="application/…json">` element: `<`, `>` and `&` as
 * `\u` escapes (so `</script>` or `<!--` in a value cannot end or change the element), and the
 * two line separators JavaScript once refused in strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
