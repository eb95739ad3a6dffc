import { jsonForScript, type TListingPageSite } from '@lantern/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * Pieces of the server-filled listing lists (/current-listings and the others) and the open house
 * flyer: the site facts they need, formatting, the map, and filling a built template's regions.
 * Every value that reaches HTML goes through `escapeHtml` or `jsonForScript`.
 */

/** What the pages need to know about the site they are served by. */
export type ListingPageSite = TListingPageSite;

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

// The wording of a listing's facts is shared with the public site's listing page (contracts).
export {
  absoluteUrl,
  formatDate,
  formatMoney,
  formatNumber,
  jsonForScript,
  keyFacts,
  licensesFor,
  PUBLIC_LISTING_STATUS_BADGE as STATUS_BADGE,
  PUBLIC_LISTING_STATUS_LABEL as STATUS_LABEL,
  propertyTypeLabel,
} from '@lantern/contracts';

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
