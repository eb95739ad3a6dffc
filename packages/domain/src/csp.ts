import { createHash } from 'node:crypto';

/**
 * Inline scripts run under our Content-Security-Policy only by hash (issue 12, decision 013):
 * the public site's build lists the hashes of every inline script it wrote, and the server adds
 * the ones it writes itself. Server and build side only (node:crypto).
 */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** The hashes of the executable inline scripts in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || !isExecutable(attributes)) continue;
    found.add(scriptHash(body));
  }
  return [...found];
}

/** Data blocks (JSON, ld+json) are not scripts the policy governs. */
function isExecutable(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return (
    !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript'
  );
}

/** What the public site's build tells the server, in this file beside the pages. */
export const BUILD_MANIFEST_FILE = 'build-manifest.json';
export interface TBuildManifest {
  /** PUBLIC_URL at build time: the origin in canonical links, the sitemap and robots.txt. */
  publicUrl: string;
  builtAt: string;
  /** `'sha256-…'` of every inline script of every page. */
  scriptHashes: string[];
  /** The path patterns (RegExp sources) of the pages Astro renders on demand. */
  onDemandPages: string[];
}
