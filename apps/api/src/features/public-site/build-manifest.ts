import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_MANIFEST_FILE, type TBuildManifest } from '@lantern/domain/csp';

/** What the public site's build says about itself (its inline scripts, its on-demand pages). */
export function readBuildManifest(webDist: string): TBuildManifest | null {
  const file = join(webDist, BUILD_MANIFEST_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as TBuildManifest;
}
