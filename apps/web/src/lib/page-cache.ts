import { KEEP_PAGE_HEADER } from '@lantern/contracts';

/**
 * Marks an on-demand page that depends on nothing but the build and the server's settings: the
 * server keeps it once rendered (apps/api, plugins/external/front-ends.ts). Such a page renders on
 * demand only because it names the server's address; it must not read data, the query string or
 * anything about the visitor.
 */
export function keepForThisBuild(response: { headers: Headers }): void {
  response.headers.set(KEEP_PAGE_HEADER, 'build');
}

/**
 * Marks a list page made from the public listings and the query string alone (issue 46): the
 * server keeps it per path and query until a listing is published, changed or taken down. It must
 * not read anything else from the database, nor anything about the visitor.
 */
export function keepUntilListingsChange(response: { headers: Headers }): void {
  response.headers.set(KEEP_PAGE_HEADER, 'listings');
}

/**
 * Marks a page made from the build and the query string alone (the site search over the build's
 * index): the server keeps it per path and query.
 */
export function keepPerQuery(response: { headers: Headers }): void {
  response.headers.set(KEEP_PAGE_HEADER, 'query');
}

/**
 * Marks a listing's own page (issue 46): the server keeps it per path and query for at most a
 * minute (its showing days and upcoming open houses follow the clock), and drops it at once when
 * a listing or its open houses change. It must not read anything about the visitor.
 */
export function keepListingPage(response: { headers: Headers }): void {
  response.headers.set(KEEP_PAGE_HEADER, 'listing');
}
