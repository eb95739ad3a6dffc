import { createRequire } from 'node:module';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { defineConfig } from 'astro/config';
import { buildManifest } from './integrations/build-manifest.ts';
import { buildSiteData } from './integrations/build-site-data.ts';
import { searchIndex } from './integrations/search-index.ts';
import { readUsCities, usCities } from './integrations/us-cities.ts';
import { virtualModule } from './integrations/virtual-module.ts';
import { searchSections } from './src/config/navigation.ts';
import { LEFT_OUT, onDemandIndexedPaths } from './src/config/on-demand-pages.ts';
import { site } from './src/config/site.ts';

/** The pages of the sitemap and the search index; every one renders on demand. */
const indexedPaths = onDemandIndexedPaths({ cities: readUsCities(), boards: MLS_BOARDS });

/** What the pages read when the build renders them: packaged data, the build's address. */
const buildLocals = { site: buildSiteData({ siteName: site.siteName }), publicUrl: site.publicUrl };

/** `pnpm dev` runs the API on its default port beside `astro dev`; only the dev server uses this. */
const DEV_API = 'http://localhost:3000';

/** Serve GETs (the pages) from Astro, proxy the form POSTs to the API. */
const postsOnly = {
  target: DEV_API,
  bypass: (req: { method?: string; url?: string }) => (req.method === 'GET' ? req.url : undefined),
};

// Every page renders on demand inside the API's process: each names the server's address and
// settings, so no page is the same for every deployment (docs/decisions/077). The build's files
// are its assets. URLs never end in a slash.
export default defineConfig({
  site: site.publicUrl,
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'never',
  integrations: [
    react(),
    usCities(),
    // The sitemap (src/pages/sitemap-0.xml.ts) lists them with the server's address.
    virtualModule('virtual:lantern/indexed-paths', () => indexedPaths),
    searchIndex({
      siteName: site.siteName,
      sections: searchSections(),
      onDemand: {
        paths: indexedPaths,
        leftOut: LEFT_OUT,
        locals: buildLocals,
      },
    }),
    buildManifest({
      samplePaths: indexedPaths,
      locals: buildLocals,
      origin: new URL(site.publicUrl),
    }),
  ],
  vite: {
    build: {
      // A page's own stylesheet under 8 KB goes inline rather than costing a request that holds
      // the first paint back (the list page had four); Vite's default 4 KB otherwise.
      assetsInlineLimit: (file: string, content: Buffer) =>
        file.endsWith('.css') ? content.byteLength < 8192 : undefined,
    },
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
