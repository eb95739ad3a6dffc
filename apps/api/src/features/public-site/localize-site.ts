import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { BUILD_MANIFEST_FILE, inlineScriptHashes, type TBuildManifest } from '@lantern/domain/csp';

/** Files that may name the site's address: pages, the sitemap, robots.txt, the search index. */
const TEXT = /\.(html|xml|txt|json|webmanifest)$/;
const DONE = '.complete';

export function readBuildManifest(webDist: string): TBuildManifest | null {
  const file = join(webDist, BUILD_MANIFEST_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as TBuildManifest;
}

/**
 * The public site as this server must serve it (issue 12): canonical and Open Graph URLs, the
 * sitemap and robots.txt carry the address the site was built with, so a server started with
 * another PUBLIC_URL serves a copy where that address is its own. The copy lives under
 * `cacheDir`, made once per build and address: files that name the address are rewritten,
 * all others hard-linked (copied across file systems). Answers the folder to serve.
 */
export function localizeSite(webDist: string, publicUrl: URL, cacheDir: string): string {
  const manifest = readBuildManifest(webDist);
  const wanted = publicUrl.href.replace(/\/+$/, '');
  if (!manifest || manifest.publicUrl === wanted) return webDist;

  const id = createHash('sha256')
    .update(`${manifest.builtAt}|${manifest.publicUrl}|${wanted}|${webDist}`)
    .digest('hex')
    .slice(0, 16);
  const target = join(cacheDir, id);
  if (existsSync(join(target, DONE))) return target;

  // Earlier copies (older builds or addresses) go.
  if (existsSync(cacheDir)) {
    for (const name of readdirSync(cacheDir)) {
      if (!name.endsWith('.tmp')) rmSync(join(cacheDir, name), { recursive: true, force: true });
    }
  }
  // Made aside and renamed into place, so instances sharing DATA_DIR never see half a copy.
  const staging = `${target}.${process.pid}.tmp`;
  const hashes = new Set(manifest.scriptHashes);
  const copy = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      const source = join(from, name);
      const dest = join(to, name);
      if (statSync(source).isDirectory()) {
        copy(source, dest);
        continue;
      }
      if (TEXT.test(name)) {
        const text = readFileSync(source, 'utf8');
        if (text.includes(manifest.publicUrl)) {
          const localized = text.replaceAll(manifest.publicUrl, wanted);
          writeFileSync(dest, localized);
          if (name.endsWith('.html')) for (const h of inlineScriptHashes(localized)) hashes.add(h);
          continue;
        }
      }
      link(source, dest);
    }
  };
  copy(webDist, staging);
  const localized: TBuildManifest = {
    ...manifest,
    publicUrl: wanted,
    scriptHashes: [...hashes].sort(),
  };
  writeFileSync(join(staging, BUILD_MANIFEST_FILE), JSON.stringify(localized));
  writeFileSync(join(staging, DONE), wanted);
  try {
    renameSync(staging, target);
  } catch {
    // Another instance finished first: its copy is the same.
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

function link(source: string, dest: string) {
  try {
    linkSync(source, dest);
  } catch {
    copyFileSync(source, dest);
  }
}
