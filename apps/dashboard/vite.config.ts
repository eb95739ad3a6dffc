import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { areaPreloads } from './build-plugins/area-preloads.ts';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    preloadBrandFont(),
    // Each area's landing page: its layouts and page, as its routes load them (routes/<area>/).
    areaPreloads({
      '/dashboard': [
        'src/app/routes/dashboard/dashboard-layout.tsx',
        'src/app/routes/dashboard/pages/overview.tsx',
      ],
      '/vendor': [
        'src/components/layouts/area-layout.tsx',
        'src/app/routes/vendor/vendor-home.tsx',
      ],
      '/admin': [
        'src/components/layouts/area-layout.tsx',
        'src/app/routes/admin/admin-layout.tsx',
        'src/app/routes/admin/admin-home.tsx',
      ],
    }),
    {
      // The API fills this in when it serves the shell; in `vite dev` we fill it from the env.
      name: 'dev-app-config',
      apply: 'serve',
      transformIndexHtml: (html) =>
        html.replace(
          '<!--app-config-->',
          `<script id="app-config" type="application/json">${JSON.stringify({
            siteName: process.env.SITE_NAME ?? 'Lantern',
            ...(process.env.INVESTOR_URL ? { investorUrl: process.env.INVESTOR_URL } : {}),
          })}</script>`,
        ),
    },
  ],
  // zod in its jitless mode: its eval probe would break our Content-Security-Policy.
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: createRequire(import.meta.url).resolve('@lantern/contracts/zod-browser'),
      },
    ],
  },
  // Assets live under /spa/ so they never collide with the public site's files.
  // No source maps: they would publish our source to anyone (issue 12).
  build: {
    assetsDir: 'spa/assets',
    sourcemap: false,
    // Chunks under 4 KB (a few constants shared by some pages) join one loaded in like cases:
    // a landing page needs half as many requests for about the same bytes (decision 083).
    rollupOptions: { output: { experimentalMinChunkSize: 4_000 } },
  },
  server: {
    proxy: {
      ...Object.fromEntries(
        ['/api', '/account', '/user'].map((p) => [
          p,
          { target: api, changeOrigin: true, headers: { origin: api } },
        ]),
      ),
      '/ws': {
        target: api.replace(/^http/, 'ws'),
        ws: true,
        changeOrigin: true,
        headers: { origin: api },
      },
    },
  },
});

/**
 * Preloads the brand face's one file (packages/ui/src/fonts.css) from the shell, by its built
 * name, so the dashboard's text shows in Figtree from the first paint.
 */
function preloadBrandFont(): Plugin {
  return {
    name: 'preload-brand-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const font = Object.values(ctx.bundle ?? {}).find(
          (file) =>
            file.type === 'asset' && /figtree-latin-wght-normal.*\.woff2$/.test(file.fileName),
        );
        if (!font) throw new Error('The brand font is missing from the dashboard build');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
