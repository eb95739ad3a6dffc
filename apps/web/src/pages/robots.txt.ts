import { KEEP_PAGE_HEADER } from '@lantern/contracts';
import type { APIRoute } from 'astro';

/** Everything public may be crawled; the signed-in areas are not worth crawling. */
export const GET: APIRoute = ({ locals }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /dashboard',
      'Disallow: /vendor',
      'Disallow: /admin',
      'Disallow: /api/',
      '',
      // The index names the pages' sitemap and the listings' (made by the server).
      `Sitemap: ${locals.publicUrl}/sitemap.xml`,
      '',
    ].join('\n'),
    {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        [KEEP_PAGE_HEADER]: 'build',
      },
    },
  );
