import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  searchSite,
  type TSearchDocument,
  ZSearchIndexSchema,
  ZSearchQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../lib/escape-html.ts';
import { renderResults } from '../_shared/search-render.ts';

export const MAX_RESULTS = 50;
const START = '<!--search-results:start-->';
const END = '<!--search-results:end-->';

interface Loaded {
  mtimeMs: number;
  template: string;
  index: TSearchDocument[];
}

/**
 * GET /search?search=… (spec section 7): the built page dist/search.html with its results region
 * filled from dist/search-index.json (docs/decisions/007-public-site.md). Both files are read once and
 * again only when a new build replaces them. Without a built site the route is not registered.
 */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const templatePath = join(app.config.webDist, 'search.html');
  const indexPath = join(app.config.webDist, 'search-index.json');
  if (!existsSync(templatePath) || !existsSync(indexPath)) return;

  let loaded: Loaded | undefined;
  const load = (): Loaded => {
    const mtimeMs = statSync(indexPath).mtimeMs;
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      loaded = {
        mtimeMs,
        template: readFileSync(templatePath, 'utf8'),
        index: ZSearchIndexSchema.parse(JSON.parse(readFileSync(indexPath, 'utf8'))),
      };
    }
    return loaded;
  };
  app.get(
    '',
    { schema: { hide: true, querystring: ZSearchQuerySchema } },
    async (request, reply) => {
      const query = request.query.search;
      const { template, index } = load();
      const { results, total } = searchSite(index, query);
      const region = renderResults(query, results.slice(0, MAX_RESULTS), total);
      const start = template.indexOf(START);
      const end = template.indexOf(END);
      let html =
        start >= 0 && end > start
          ? template.slice(0, start) + region + template.slice(end + END.length)
          : template;
      const q = escapeHtml(query.trim());
      html = html.replace('value="" data-search-input', `value="${q}" data-search-input`);
      if (q)
        html = html.replace(
          /<title>([^<]*)<\/title>/,
          (_m, t: string) => `<title>${q.slice(0, 60)} – ${t}</title>`,
        );
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    },
  );
};

export default searchRoutes;
