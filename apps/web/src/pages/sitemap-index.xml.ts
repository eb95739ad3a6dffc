import type { APIRoute } from 'astro';
import { SITEMAPS, sitemapIndex } from '../lib/sitemap.ts';

/** The sitemap index at its earlier address (/sitemap.xml is the one robots.txt names). */
export const GET: APIRoute = ({ locals }) => sitemapIndex(SITEMAPS, locals.publicUrl);
