import type { TListingPageSite } from '@lantern/contracts';

/**
 * The site facts a listing's page and the open house flyer show, from the server's own
 * configuration: its name and address, the brokerage licenses, the map tiles.
 */
export function listingPageSite(config: {
  siteName: string;
  publicUrl: URL;
  brokerageLicenses: readonly string[];
  geocoding: { tileUrl: string | null; tileAttribution: string };
}): TListingPageSite {
  return {
    siteName: config.siteName,
    publicUrl: config.publicUrl.href.replace(/\/+$/, ''),
    brokerageLicenses: config.brokerageLicenses,
    tiles: { url: config.geocoding.tileUrl, attribution: config.geocoding.tileAttribution },
  };
}
