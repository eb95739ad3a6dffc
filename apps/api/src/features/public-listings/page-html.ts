import {
  PUBLIC_PROPERTY_TYPES,
  type TListingStatus,
  type TPublicPropertyType,
} from '@lantern/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * Pieces shared by the server-filled listing pages (one listing, and the three lists): the site
 * facts they need, formatting, and filling a built template's marked regions. Every value that
 * reaches HTML goes through `escapeHtml` or `jsonForScript`.
 */

/** What the pages need to know about the site they are served by. */
export interface ListingPageSite {
  siteName: string;
  /** Origin (and optional base path) without a trailing slash: absolute links, og:image. */
  publicUrl: string;
  /** BROKERAGE_LICENSES, e.g. `["CA DRE #01234567", "TX 9001234"]`. */
  brokerageLicenses: readonly string[];
  /** Map tiles (MAP_TILE_URL): a {z}/{x}/{y} template, or null for a plain background. */
  tiles: { url: string | null; attribution: string };
}

/** The site facts from the API's configuration. */
export function listingPageSite(config: {
  siteName: string;
  publicUrl: URL;
  brokerageLicenses: readonly string[];
  geocoding: { tileUrl: string | null; tileAttribution: string };
}): ListingPageSite {
  return {
    siteName: config.siteName,
    publicUrl: config.publicUrl.href.replace(/\/+$/, ''),
    brokerageLicenses: config.brokerageLicenses,
    tiles: { url: config.geocoding.tileUrl, attribution: config.geocoding.tileAttribution },
  };
}

export const esc = escapeHtml;

/** An absolute URL for a path of ours (or the URL itself when it already is one). */
export function absoluteUrl(site: ListingPageSite, url: string): string {
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

/** One marker on a page's map. */
export interface MapPoint {
  lat: number;
  lng: number;
  /** Shown in the marker's popup (and its accessible name). */
  title: string;
  detail?: string;
  /** The popup links here. */
  url?: string;
}

/**
 * A map the page's script draws with Leaflet once it scrolls into view: the points as JSON
 * beside it, the tiles and their attribution as attributes. Without JavaScript the caption
 * stands in for it.
 */
export function mapHtml(
  site: ListingPageSite,
  points: MapPoint[],
  label: string,
  caption: string,
  id?: string,
): string {
  return `<figure class="listing-map"${id ? ` id="${esc(id)}"` : ''}><div class="listing-map__canvas" data-listing-map role="region" aria-label="${esc(label)}" data-tile-url="${esc(site.tiles.url ?? '')}" data-tile-attribution="${esc(site.tiles.attribution)}"><script type="application/json" data-map-points>${jsonForScript(points)}</script></div><figcaption class="listing-map__caption">${esc(caption)}</figcaption></figure>`;
}

/** Replaces what lies between `<!--{name}:start-->` and `<!--{name}:end-->`, markers included. */
export function fillRegion(html: string, name: string, content: string): string {
  const start = `<!--${name}:start-->`;
  const end = `<!--${name}:end-->`;
  const from = html.indexOf(start);
  const to = html.indexOf(end, from);
  if (from < 0 || to < 0) {
    throw new Error(`The built page has no ${name} region: rebuild the public site.`);
  }
  return html.slice(0, from) + content + html.slice(to + end.length);
}
