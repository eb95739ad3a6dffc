import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_HASHES_FILE, inlineScriptHashes } from '@lantern/contracts/csp';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './search-index.ts';

/**
 * Writes dist/csp-hashes.json after the build: the hash of every inline script on every page
 * (Astro's island loader, the menu script, the footer's year…), which the server puts in the
 * Content-Security-Policy so that these run and nothing else inline does (issue 12).
 */
export function cspHashes(): AstroIntegration {
  return {
    name: 'lantern-csp-hashes',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const file of htmlFiles(root)) {
          for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) hashes.add(hash);
        }
        writeFileSync(join(root, CSP_HASHES_FILE), JSON.stringify([...hashes].sort()));
        logger.info(`${CSP_HASHES_FILE}: ${hashes.size} inline scripts`);
      },
    },
  };
}
