import type { IncomingMessage } from 'node:http';
import { KEEP_PAGE_HEADER, type SiteLocals, type TKeepPage } from '@lantern/contracts';
import type { TBuildManifest } from '@lantern/domain/csp';
import { pageRequest, type RenderedPage } from '@lantern/domain/site-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sendEncoded } from './page-encoding.ts';
import { createSiteData } from './site-data.ts';
import type { SiteRenderer } from './site-renderer.ts';

/** What an API route hands a page of the site besides the site's data and address. */
export type ExtraLocals = Omit<SiteLocals, 'site' | 'publicUrl'>;

/** Pages kept at most: the site has a few dozen that ask to be (KEEP_PAGE_HEADER). */
const KEPT_PAGES = 500;
/** Pages kept by path and query (`listings`, `query`): about 40 KB each, so at most ~40 MB. */
const KEPT_LIST_PAGES = 1000;
/** Listing pages kept (`listing`): about 60 KB each; the most visited of them. */
const KEPT_LISTING_PAGES = 500;
/** How long a listing page is kept at most: its showing days and open houses follow the clock. */
const LISTING_PAGE_TTL_MS = 60_000;

/**
 * The public site's pages, rendered by Astro inside this process (docs/decisions/077): with the
 * site's data and this server's address (PUBLIC_URL) as locals. Their inline scripts run by the
 * hashes the build listed (security-headers.ts); nothing is added per page, so a script injected
 * into one never runs. A page that depends on nothing but the build and the server's settings
 * says so (KEEP_PAGE_HEADER) and is rendered once per process, then sent as kept.
 */
export function sitePages(app: FastifyInstance, renderer: SiteRenderer | null) {
  const site = createSiteData(app);
  const publicUrl = app.config.publicUrl.href.replace(/\/+$/, '');
  /** Kept pages by path (`build`), and by path and query (`listings`, `query`, `listing`). */
  const kept = new Map<string, RenderedPage>();
  const keptLists = new LRUCache<string, RenderedPage>({ max: KEPT_LIST_PAGES });
  const keptListingPages = new LRUCache<string, RenderedPage>({
    max: KEPT_LISTING_PAGES,
    ttl: LISTING_PAGE_TTL_MS,
  });
  // Every page's footer shows what staff configure (decision 080): a change, heard here from
  // any instance through the bus, drops the pages kept with the old footer; a page rendered
  // while the change happened may carry the old footer, so it is not kept.
  let generation = 0;
  const clearKept = () => {
    generation++;
    kept.clear();
    keptLists.clear();
    keptListingPages.clear();
  };
  app.siteTrust.onChange(clearKept);
  // A list or listing page shows the public listings: a change to one (or to a listing's open
  // houses), from any instance, drops them all.
  app.publicListingChanges.onChange(() => {
    generation++;
    keptLists.clear();
    keptListingPages.clear();
  });
  // A listing page's payment estimate starts from staff's mortgage rate (decision 090): a new
  // rate, from any instance, drops the listing pages; no list shows a payment.
  app.mortgageRates.onChange(() => {
    generation++;
    keptListingPages.clear();
  });

  /** One page for `raw`, with extra locals; null when Astro has no page there. */
  const renderPage = async (raw: IncomingMessage, extra: ExtraLocals = {}) => {
    if (!renderer) return null;
    const page = await renderer(raw, { ...extra, site, publicUrl });
    if (!page) return null;
    if (page.status >= 500) throw new Error(`The public site could not render ${raw.url}`);
    return page;
  };
  const render = async (raw: IncomingMessage, extra: ExtraLocals = {}) => {
    const page = await renderPage(raw, extra);
    return page && { ...page, headers: publicHeaders(page.headers) };
  };

  /**
   * As `render`, but a page that asks to be kept is rendered once for `path`, then reused. Kept
   * by the decoded path, as Astro routes it: `/blog/a%2Db` is the page of `/blog/a-b`.
   */
  const renderKept = async (rawPath: string, raw: IncomingMessage) => {
    const path = decodedPath(rawPath);
    const listKey = `${path}?${(raw.url ?? '').split('?')[1] ?? ''}`;
    const reused =
      kept.get(path) ??
      (raw.method === 'GET'
        ? (keptLists.get(listKey) ?? keptListingPages.get(listKey))
        : undefined);
    // The footer's counter is read again every few minutes; a new figure drops the kept pages.
    app.siteTrust.refreshIfStale((err) => app.log.warn({ err }, 'homes listed count failed'));
    if (reused) return reused;
    const renderedIn = generation;
    const page = await renderPage(raw);
    if (!page) return null;
    const sendable = { ...page, headers: publicHeaders(page.headers) };
    // A HEAD's answer has no body to keep; a page rendered while a change happened may be stale.
    const keep = page.status === 200 && raw.method === 'GET' && renderedIn === generation;
    const how = page.headers[KEEP_PAGE_HEADER] as TKeepPage | undefined;
    if (keep && how === 'build' && kept.size < KEPT_PAGES) kept.set(path, sendable);
    // A page kept per query is dropped with the list pages: rarely, and harmlessly.
    if (keep && (how === 'listings' || how === 'query')) keptLists.set(listKey, sendable);
    if (keep && how === 'listing') keptListingPages.set(listKey, sendable);
    return sendable;
  };

  return {
    render,
    renderKept,
    /** Drops every kept page: the next visit of each renders it again. */
    clearKept,
    /** A page the server sends itself (the 404 and 403 pages); null without a build. */
    async ownPage(path: string): Promise<RenderedPage | null> {
      return renderKept(path, pageRequest(path, app.config.publicUrl));
    },
  };
}

export type SitePages = ReturnType<typeof sitePages>;

/**
 * Answers a request with the page of the site at its address: a path no file and no route
 * answered goes to Astro when one of the build's patterns matches it. True when it did.
 */
export function onDemandPages(pages: SitePages, manifest: TBuildManifest | null) {
  const patterns = (manifest?.onDemandPages ?? []).map((source) => new RegExp(source));
  return async (request: FastifyRequest, reply: FastifyReply, afterPost = false) => {
    if (!afterPost && request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?', 1)[0] ?? '';
    // The API's own paths are never pages, whatever the catch-all page's pattern says.
    if (path.startsWith('/api/') || !patterns.some((pattern) => pattern.test(path))) return false;
    // After a POST route did its work, the page at its address is read as by a GET: Astro never
    // sees the POST (nor its body, which the route has read), and nothing kept is reused.
    const page = afterPost
      ? await pages.render(Object.create(request.raw, { method: { value: 'GET' } }))
      : await pages.renderKept(path, request.raw);
    if (!page) return false;
    // The catch-all page answers every path it has no page for with the site's 404 page; a
    // client that does not want HTML gets the JSON answer as before, and an endpoint's bare 404
    // (an unknown agreement) the site's 404 page.
    if (page.status === 404 && (!wantsHtml(request) || page.body.length === 0)) return false;
    // Rendered from the database on each visit: a price or a listing changed shows at once.
    // A page may ask for less (no-store where its address holds a credential).
    reply.code(page.status).header('cache-control', 'no-cache').headers(page.headers);
    if (isHtml(page)) reply.type('text/html; charset=utf-8');
    await sendEncoded(request, reply, page.body);
    return true;
  };
}

/** `decodeURI` leaves `%2F` and the like encoded, as routing does; broken escapes stay raw. */
function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** A page's headers without those meant for this server (KEEP_PAGE_HEADER, Astro's `x-astro-…`). */
function publicHeaders(headers: RenderedPage['headers']): RenderedPage['headers'] {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => name !== KEEP_PAGE_HEADER && !name.startsWith('x-astro-'),
    ),
  );
}

const isHtml = (page: RenderedPage) =>
  String(page.headers['content-type'] ?? '').startsWith('text/html');
