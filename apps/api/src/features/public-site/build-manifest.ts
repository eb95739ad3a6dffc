import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_MANIFEST_FILE, type TBuildManifest } from '@lantern/domain/csp';

/** Read once per build folder: a process serves the build it started with. */
const read = new Map<string, TBuildManifest>();

/**
 * What the public site's build says about itself (its inline scripts, its on-demand pages). The
 * security headers and the front ends both ask at start; the file is read once.
 */
export function readBuildManifest(webDist: string): TBuildManifest | null {
  const known = read.get(webDist);
  if (known) return known;
  const file = join(webDist, BUILD_MANIFEST_FILE);
  // No build yet is not remembered: one may be made before the next start.
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as TBuildManifest;
  read.set(webDist, manifest);
  return manifest;
}
