import { KEEP_PAGE_HEADER } from '@lantern/contracts';
import { canonicalUrl } from './canonical.ts';

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const xml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>${body}`, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', [KEEP_PAGE_HEADER]: 'build' },
  });

/**
 * The site's sitemaps: its pages (src/pages/sitemap-0.xml.ts) and the published listings, which
 * the server lists itself (apps/api, routes/listing-pages.ts).
 */
export const SITEMAPS = ['/sitemap-0.xml', '/sitemap-listings.xml'];

/** The sitemaps protocol's urlset: each path at `publicUrl`. */
export function urlSet(paths: readonly string[], publicUrl: string): Response {
  const urls = paths.map(
    (path) => `<url><loc>${escapeXml(canonicalUrl(path, publicUrl))}</loc></url>`,
  );
  return xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
  );
}

/** The sitemaps protocol's index of sitemaps at `publicUrl`. */
export function sitemapIndex(paths: readonly string[], publicUrl: string): Response {
  const maps = paths.map(
    (path) => `<sitemap><loc>${escapeXml(canonicalUrl(path, publicUrl))}</loc></sitemap>`,
  );
  return xml(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${maps.join('')}</sitemapindex>`,
  );
}
