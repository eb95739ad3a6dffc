import type { FastifyInstance } from 'fastify';
import { readBuildManifest } from '../../src/features/public-site/build-manifest.ts';

/**
 * Whether `GET path` is one of the public site's on-demand pages (Astro renders them in the
 * server; they are no Fastify route), by the patterns the build wrote. The catch-all page's
 * pattern matches any path, so it is left out: only a page with its own route file counts.
 * `:p` in the path stands for any one segment.
 */
export function isOnDemandPage(app: FastifyInstance, path: string): boolean {
  const patterns = (readBuildManifest(app.config.webDist)?.onDemandPages ?? [])
    .map((source) => new RegExp(source))
    .filter((pattern) => !pattern.test('/no/page/has/this/address'));
  if (patterns.length === 0) throw new Error('No built public site: run `pnpm build` first.');
  const concrete = path.replaceAll(':p', 'x');
  return patterns.some((pattern) => pattern.test(concrete));
}
