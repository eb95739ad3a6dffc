import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
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
  build: { assetsDir: 'spa/assets', sourcemap: false },
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
