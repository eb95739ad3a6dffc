import type { APIRoute } from 'astro';
import { SITEMAPS, sitemapIndex } from '../lib/sitemap.ts';

/** The site's sitemap index, where crawlers look first; robots.txt names it. */
export const GET: APIRoute = ({ locals }) => sitemapIndex(SITEMAPS, locals.publicUrl);
