import type { APIRoute } from 'astro';
import { site } from '../config/site.ts';

/** Everything public may be crawled; the signed-in areas are not worth crawling. */
export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /dashboard',
      'Disallow: /vendor',
      'Disallow: /admin',
      'Disallow: /api/',
      '',
      `Sitemap: ${site.publicUrl}/sitemap-index.xml`,
      // The listing pages' sitemap, made by the server from the published listings.
      `Sitemap: ${site.publicUrl}/sitemap-listings.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
