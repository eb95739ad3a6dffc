import { createRequire } from 'node:module';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { defineConfig } from 'astro/config';
import { buildManifest } from './integrations/build-manifest.ts';
import { buildSiteData } from './integrations/build-site-data.ts';
import { searchIndex } from './integrations/search-index.ts';
import { readUsCities, usCities } from './integrations/us-cities.ts';
import { searchSections } from './src/config/navigation.ts';
import { onDemandIndexedPaths } from './src/config/on-demand-pages.ts';
import { site } from './src/config/site.ts';
import { canonicalUrl } from './src/lib/canonical.ts';

/**
 * Pages kept out of the sitemap: error pages, the pages a link leads to (newsletter confirmations,
 * showing requests' /showings/respond, the transaction access pages a listing or a mail leads to,
 * a mail's unsubscribe links), account pages other than log in and sign up, and the FSBO review
 * step's preview (/listing-preview).
 */
const NOT_IN_SITEMAP =
  /\/(404|403)$|\/listing-preview$|\/showings\/respond$|\/transaction-access(\/|$)|\/unsubscribe\/|\/newsletter\/(confirm|confirmed|promo-confirmed|link-expired)$|\/account\/(?!login$|sign-up$)|\/password\/(?!email$)/;

/** Pages that render on demand yet belong in the sitemap and the search index. */
const onDemandIndexed = onDemandIndexedPaths({ cities: readUsCities(), boards: MLS_BOARDS });

/** `pnpm dev` runs the API on its default port beside `astro dev`; only the dev server uses this. */
const DEV_API = 'http://localhost:3000';

/** Serve GETs (the pages) from Astro, proxy the form POSTs to the API. */
const postsOnly = {
  target: DEV_API,
  bypass: (req: { method?: string; url?: string }) => (req.method === 'GET' ? req.url : undefined),
};

// The API serves dist/ with `extensions: ['html']`, so /account/login is dist/account/login.html
// and URLs never end in a slash (apps/api/src/plugins/external/front-ends.ts).
export default defineConfig({
  site: site.publicUrl,
  output: 'static',
  // Pages that show data render on demand inside the API's process (docs/decisions/077).
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    react(),
    usCities(),
    sitemap({
      // Prerendered pages are found in the build; on-demand ones only in this list.
      customPages: onDemandIndexed.map((path) => canonicalUrl(path, site.publicUrl)),
      filter: (page) => !NOT_IN_SITEMAP.test(page.replace(/\/$/, '')),
    }),
    searchIndex({
      siteName: site.siteName,
      sections: searchSections(),
      onDemand: {
        paths: onDemandIndexed,
        locals: { site: buildSiteData({ siteName: site.siteName }) },
      },
    }),
    buildManifest({ publicUrl: site.publicUrl }),
  ],
  vite: {
    // zod in its jitless mode: its eval probe would break our Content-Security-Policy.
    resolve: {
      alias: [
        {
          find: /^zod$/,
          replacement: createRequire(import.meta.url).resolve('@lantern/contracts/zod-browser'),
        },
      ],
    },
    server: {
      proxy: {
        '/account/login': postsOnly,
        '/account/sign-up': postsOnly,
        '/account/logout': DEV_API,
        // Social sign-in attempts and Apple's form POST; '/account/social-callback' stays with Astro.
        '/account/social/': DEV_API,
        '/api': DEV_API,
        // Search renders in the API's process, over the index of the API's last build of the site.
        '^/search(\\?|$)': DEV_API,
        '/password/email': postsOnly,
        '/account/two-factor-challenge': postsOnly,
        // The reset link's older form (/password/reset/{token}) is checked by the API.
        '^/password/reset/': DEV_API,
      },
    },
  },
});
