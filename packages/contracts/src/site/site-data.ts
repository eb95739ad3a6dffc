import type { TSiteMediaKind } from '@lantern/domain';
import type { TPublicSiteMedia } from '../admin/site-media.ts';
import type { TListingPageSite } from '../listings/listing-format.ts';
import type {
  TListingSort,
  TListingView,
  TPublicListing,
  TPublicListingDetail,
} from '../listings/listings.ts';
import type { TMlsBoard } from '../mls/mls-board.ts';
import type { TProduct } from '../products/catalogue.ts';
import type { TSiteSearch } from '../search/search.ts';

/**
 * What the public site's on-demand pages read, handed to Astro by the server with each request
 * (`Astro.locals.site`; docs/decisions/077-one-rendering-technology.md). The pages never open the
 * database themselves: the one server process owns it, and these reads go through its services.
 */
export interface SiteData {
  /** The product catalogue, as Admin → Products left it a moment ago. */
  catalogue(): Promise<TProduct[]>;
  /**
   * The site search (spec section 7, /search): the index built with the site, searched by
   * `searchSite`, at most SEARCH_MAX_RESULTS results and their total.
   */
  search(query: string): Promise<TSiteSearch>;
  /** The MLS directory (/mls, /mls/{slug}, the city pages), as Admin → MLS boards left it. */
  mlsBoards(): Promise<TMlsBoard[]>;
  /** One board of the directory by its slug, or null when there is none. */
  mlsBoard(slug: string): Promise<TMlsBoard | null>;
  /**
   * One page of a list (/current-listings, /past-sales, /past-listings) for the visitor's query,
   * read with the same schema as GET /api/listings; or why the query was refused.
   */
  listingsPage(view: TListingView, query: TSiteQuery): Promise<TListingsPageResult>;
  /** The tiles the site's maps draw (MAP_TILE_URL); a null url is a plain background. */
  mapTiles(): TMapTiles;
  /**
   * Whom a weekly listing summary's unsubscribe link is for, and whether the summary still goes
   * to them; null for a link we did not sign.
   */
  listingSummaryRecipient(token: string): Promise<{ email: string; subscribed: boolean } | null>;
  /**
   * The page of one published listing at /listings/{slug}: found, moved to its current slug
   * (the words before the public id may be old or mistyped), or missing (unknown or unpublished).
   */
  listingPage(slug: string): Promise<TListingPageResult>;
  /**
   * What the footer of every page shows to earn trust (docs/decisions/080): the state notices and
   * review ratings staff configured, and counters from our own data above their floor. Cached in
   * the server; kept pages are dropped whenever staff change it.
   */
  trust(): Promise<TSiteTrust>;
  /**
   * The published photos of a kind in staff's order, as Admin → Site media left them (the
   * sample work on /photography; docs/decisions/081-site-media.md).
   */
  siteMedia(kind: TSiteMediaKind): Promise<TPublicSiteMedia[]>;
  /**
   * The mortgage rate staff set last (Admin → Mortgage rate; docs/decisions/090), which a listing's
   * payment estimate starts from; null until one is set, and then no estimate is shown. Cached in
   * the server; kept listing pages are dropped whenever staff set a new one.
   */
  mortgageRate(): Promise<TPublicMortgageRate | null>;
}

/** The rate a payment estimate starts from, with what the page must say about it. */
export interface TPublicMortgageRate {
  /** Thousandths of a percent: 6875 is 6.875 %. */
  rateThousandths: number;
  /** YYYY-MM-DD: the day the source gave it for. */
  asOf: string;
  source: string;
  /** An https address of the source, or null. */
  sourceUrl: string | null;
}

/** The footer's trust signals: each list empty, and the counter null, when there is nothing true to show. */
export interface TSiteTrust {
  /** By state name; each state's links in staff's order. */
  notices: { state: string; stateName: string; links: { label: string; url: string }[] }[];
  /** Average in tenths of a star (48 = 4.8 of 5), over `reviewCount` reviews at `url`. */
  reviews: { source: string; ratingTenths: number; reviewCount: number; url: string }[];
  /** Listings ever published on our site, or null below HOMES_LISTED_FLOOR. */
  homesListed: number | null;
}

/** A page's query string as read by the server: a repeated name gives every value. */
export type TSiteQuery = Record<string, string | string[]>;

export type TListingsPageResult =
  | {
      ok: true;
      /** The sort in force (the view's default when none was chosen). */
      sort: TListingSort;
      listings: TPublicListing[];
      total: number;
      /** More than `total` match: counting stopped at LISTINGS_COUNT_CAP. */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    }
  | { ok: false; sort: TListingSort; errors: string[] };

export interface TMapTiles {
  url: string | null;
  attribution: string;
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
/**
 * The response header by which an on-demand page says it depends on nothing but the build and the
 * server's settings (no data, no query string, no visitor): the server keeps it once rendered
 * and sends the kept copy until it restarts. The header itself never leaves the server.
 */
export const KEEP_PAGE_HEADER = 'x-lantern-keep-page';
/**
 * KEEP_PAGE_HEADER's values: `build` (kept by path until the server restarts), `query` (made from
 * the build and the query string alone: kept by path and query) or `listings` (made from the
 * public listings and the query string: kept by path and query until a listing is published,
 * changed or taken down; issue 46) or `listing` (one listing's own page: kept by path and query
 * for at most a minute, since its showing days and open houses follow the clock, and dropped at
 * once when a listing or its open houses change).
 */
export type TKeepPage = 'build' | 'query' | 'listings' | 'listing';

export interface SiteLocals {
  site: SiteData;
  /**
   * The site's address as this server is configured (PUBLIC_URL, no trailing slash): canonical
   * and sharing URLs, robots.txt and the sitemap name it, so one build serves any address.
   */
  publicUrl: string;
  /**
   * A draft listing shown to its owner (the FSBO review step), handed over by the API's preview
   * route: the page renders it in preview mode; without it the preview page does not exist.
   */
  listingPreview?: TListingPage;
}
