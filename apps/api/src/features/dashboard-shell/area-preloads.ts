import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREA_PRELOADS_FILE, type TAreaPreloads } from '@lantern/domain';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The <link>s the dashboard shell carries for an area (decision 083): the chunks and styles its
 * landing page loads beside the entry, from the build's area-preloads.json, so the browser fetches
 * them in parallel with the entry rather than once the entry has run and asked for them. An area
 * prefix (`/dashboard`, `/vendor`, `/admin`) → the tags, '' for one the file does not name. No
 * file (the stand-in builds tests make, an older build) means no links: the pages still load,
 * one step later.
 */
export function areaPreloadTags(dashboardDist: string): (area: string | undefined) => string {
  const file = join(dashboardDist, AREA_PRELOADS_FILE);
  const areas: TAreaPreloads = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const tags = new Map(
    Object.entries(areas).map(([area, urls]) => [area, urls.map(linkTag).join('')]),
  );
  return (area) => (area && tags.get(area)) || '';
}

/** As Vite links the entry's own: module scripts and styles are fetched in CORS mode. */
function linkTag(url: string): string {
  const rel = url.endsWith('.css') ? 'stylesheet' : 'modulepreload';
  return `<link rel="${rel}" crossorigin href="${escapeHtml(url)}">`;
}
