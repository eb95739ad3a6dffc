import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_MANIFEST_FILE, inlineScriptHashes, type TBuildManifest } from '@lantern/domain/csp';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './search-index.ts';

/**
 * Writes dist/build-manifest.json after the build, for the server (issue 12): the hash of every
 * inline script on every page (Astro's island loader, the menu script, the
 * footer's year…), which the Content-Security-Policy lists so that these run and nothing else
 * inline does. It also lists the patterns of the pages that render on demand, so the server hands
 * Astro only the paths it has a page for (a prerendered route's missing file stays a plain 404).
 */
export function buildManifest(): AstroIntegration {
  let onDemand: string[] = [];
  return {
    name: 'lantern-build-manifest',
    hooks: {
      'astro:routes:resolved': ({ routes }) => {
        onDemand = routes
          .filter((r) => !r.isPrerendered && r.origin === 'project')
          .filter((r) => r.type === 'page' || r.type === 'endpoint')
          .map((r) => r.patternRegex.source);
      },
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const file of htmlFiles(root)) {
          for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) hashes.add(hash);
        }
        const manifest: TBuildManifest = {
          builtAt: new Date().toISOString(),
          scriptHashes: [...hashes].sort(),
          onDemandPages: onDemand,
        };
        writeFileSync(join(root, BUILD_MANIFEST_FILE), JSON.stringify(manifest));
        logger.info(
          `${BUILD_MANIFEST_FILE}: ${hashes.size} inline scripts, ${onDemand.length} on-demand routes`,
        );
      },
    },
  };
}
