import type { SiteLocals } from '@lantern/contracts';
import { loadPageRenderer, type PageRenderer } from '@lantern/domain/site-render';

/**
 * The public site's pages that render on demand (docs/decisions/077-one-rendering-technology.md):
 * the Astro build's server entry, loaded into this process. Each page is written whole into a
 * sink (@lantern/domain/site-render), so the answer then goes out through Fastify like any other
 * — compression, security headers, logging and tracing included. Absent (an API-only test, no
 * build), there is nothing to render and every such path is a 404.
 */
export function loadSiteRenderer(entry: string): Promise<PageRenderer<SiteLocals> | null> {
  return loadPageRenderer<SiteLocals>(entry);
}

export type SiteRenderer = PageRenderer<SiteLocals>;
