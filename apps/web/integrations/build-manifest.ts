import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_MANIFEST_FILE, inlineScriptHashes, type TBuildManifest } from '@lantern/domain/csp';
import type { AstroIntegration, IntegrationResolvedRoute } from 'astro';
import { renderBuiltPages } from './render-built-pages.ts';

/** How the build renders its pages to find their inline scripts. */
export interface ScriptSampling<Locals> {
  /** Addresses of real pages; the first that matches a route with parameters stands for it. */
  samplePaths: readonly string[];
  /** What the pages read when the build renders them (build-site-data.ts). */
  locals: Locals;
  /** The site's address, as the pages' Host. */
  origin: URL;
}

/**
 * Writes dist/build-manifest.json after the build, for the server (issue 12): the hash of every
 * inline script the pages write (Astro's island loaders, the menu script, the footer's year…),
 * which the Content-Security-Policy lists so that these run and nothing else inline does — the
 * server adds none at run time, so a script injected into a page never runs. Every page renders
 * on demand, so the build renders one page of each route to read them: each route without
 * parameters, and for each other the first sample path it answers (a route's inline scripts are
 * code, the same on each of its pages). It also lists the route patterns, so the server hands
 * Astro only the paths it has a page for.
 */
export function buildManifest<Locals>(sampling: ScriptSampling<Locals>): AstroIntegration {
  let routes: IntegrationResolvedRoute[] = [];
  let serverEntry = '';
  return {
    name: 'lantern-build-manifest',
    hooks: {
      'astro:routes:resolved': ({ routes: resolved }) => {
        routes = resolved
          .filter((r) => !r.isPrerendered && r.origin === 'project')
          .filter((r) => r.type === 'page' || r.type === 'endpoint');
      },
      'astro:config:done': ({ config }) => {
        serverEntry = fileURLToPath(new URL(config.build.serverEntry, config.build.server));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = await renderBuiltPages({
          entry: serverEntry,
          paths: routePaths(routes, sampling.samplePaths),
          locals: sampling.locals,
          origin: sampling.origin,
          anyAnswer: true,
          purpose: 'their inline scripts',
        });
        const hashes = new Set([...pages.values()].flatMap((html) => inlineScriptHashes(html)));
        const manifest: TBuildManifest = {
          builtAt: new Date().toISOString(),
          scriptHashes: [...hashes].sort(),
          onDemandPages: routes.map((r) => r.patternRegex.source),
        };
        writeFileSync(join(root, BUILD_MANIFEST_FILE), JSON.stringify(manifest));
        logger.info(
          `${BUILD_MANIFEST_FILE}: ${hashes.size} inline scripts on ${pages.size} pages, ${routes.length} routes`,
        );
      },
    },
  };
}

/** One address per page route: its own, or the first sample it answers. */
function routePaths(routes: IntegrationResolvedRoute[], samples: readonly string[]): string[] {
  return routes
    .filter((r) => r.type === 'page')
    .flatMap((r) => {
      if (r.params.length === 0) return [r.pathname ?? r.pattern];
      const sample = samples.find((path) => r.patternRegex.test(path));
      return sample ? [sample] : [];
    });
}
