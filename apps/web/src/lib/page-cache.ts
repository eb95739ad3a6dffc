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
