import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { site } from './src/config/site.ts';

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
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  vite: {
    server: {
      proxy: {
        '/account/login': postsOnly,
        '/account/sign-up': postsOnly,
        '/account/logout': DEV_API,
        '/api': DEV_API,
      },
    },
  },
});
