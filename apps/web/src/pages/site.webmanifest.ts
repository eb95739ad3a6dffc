import { KEEP_PAGE_HEADER } from '@lantern/contracts';
import { tokens } from '@lantern/ui/tokens';
import type { APIRoute } from 'astro';
import { site } from '../config/site.ts';

/**
 * The web app manifest: the name is the server's SITE_NAME, the icons the files
 * `pnpm brand:images` writes into public/ (docs/brand.md). Depends on nothing but the build and
 * the settings, so the server keeps it once rendered.
 */
export const GET: APIRoute = () =>
  new Response(
    JSON.stringify({
      name: site.siteName,
      short_name: site.siteName,
      description: 'Flat-fee MLS listings and real estate services.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: tokens.color.bg,
      theme_color: tokens.color.primary,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    }),
    {
      headers: {
        'Content-Type': 'application/manifest+json; charset=utf-8',
        [KEEP_PAGE_HEADER]: 'build',
      },
    },
  );
