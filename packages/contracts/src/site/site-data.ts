import type { TListingPageSite } from '../listings/listing-format.ts';
import type { TPublicListingDetail } from '../listings/listings.ts';
import type { TProduct } from '../products/catalogue.ts';

/**
 * What the public site's on-demand pages read, handed to Astro by the server with each request
 * (`Astro.locals.site`; docs/decisions/077-one-rendering-technology.md). The pages never open the
 * database themselves: the one server process owns it, and these reads go through its services.
 */
export interface SiteData {
  /** The product catalogue, as Admin → Products left it a moment ago. */
  catalogue(): Promise<TProduct[]>;
  /**
   * The page of one published listing at /listings/{slug}: found, moved to its current slug
   * (the words before the public id may be old or mistyped), or missing (unknown or unpublished).
   */
  listingPage(slug: string): Promise<TListingPageResult>;
}

/** Everything the listing page shows: the listing, and what the server knows around it. */
export interface TListingPage {
  /** With its upcoming open houses (none on a preview). */
  detail: TPublicListingDetail;
  /** The server's own name, address, licenses and map tiles. */
  site: TListingPageSite;
  /** The home's IANA time zone, in which a showing request's day and time are asked for. */
  timeZone: string;
  /** Text for info (issue 22): the listing's code and our number; null without a texting number. */
  textForInfo: { code: string; number: string; e164: string } | null;
}

export type TListingPageResult =
  | { kind: 'found'; page: TListingPage }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing' };

/** `Astro.locals` on the public site. */
export interface SiteLocals {
  site: SiteData;
  /**
   * A draft listing shown to its owner (the FSBO review step), handed over by the API's preview
   * route: the page renders it in preview mode; without it the preview page does not exist.
   */
  listingPreview?: TListingPage;
}
