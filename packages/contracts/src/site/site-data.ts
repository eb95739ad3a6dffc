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
}

/** `Astro.locals` on the public site. */
export interface SiteLocals {
  site: SiteData;
}
