import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Pages whose file shares its name with a folder: dist/blog.html beside dist/blog/ (the blog
 * index and its posts). The build's file routes (lib/build-files.ts) serve a file at its own name
 * only, so each such page gets a route at /blog here. Found by scanning the build, so new ones
 * need no code (the on-demand site of decision 077 builds none).
 */
export function pagesShadowedByFolders(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (name !== '_astro' && existsSync(`${path}.html`))
        found.push(`/${relative(root, path).split(sep).join('/')}`);
      walk(path);
    }
  };
  if (existsSync(root)) walk(root);
  return found.sort();
}

const publicPagesRoutes: FastifyPluginAsync = async (app) => {
  const root = app.config.webDist;
  for (const url of pagesShadowedByFolders(root)) {
    const file = join(root, `${url.slice(1)}.html`);
    let cached: { mtimeMs: number; html: string } | undefined;
    app.get(url, { schema: { hide: true } }, async (_request, reply) => {
      const mtimeMs = statSync(file).mtimeMs;
      if (!cached || cached.mtimeMs !== mtimeMs)
        cached = { mtimeMs, html: readFileSync(file, 'utf8') };
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(cached.html);
    });
  }
};

export default publicPagesRoutes;
