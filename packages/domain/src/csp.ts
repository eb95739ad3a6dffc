import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

/**
 * Inline scripts run under our Content-Security-Policy only by hash (issue 12, decision 013):
 * the public site's build lists the hashes of every inline script it wrote, and the server adds
 * the ones it writes itself. Server and build side only (node:crypto).
 */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/**
 * The hashes of the executable inline scripts in an HTML document, found by an HTML tokenizer:
 * text that only looks like a script (`<script>` inside an attribute, where a visitor's search
 * may put it) is no script, and must neither be allowed nor hide the real one after it.
 */
export function inlineScriptHashes(html: string): string[] {
  const found = new Set<string>();
  let body: string[] | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && !('src' in attributes) && isExecutable(attributes.type)) body = [];
      },
      ontext(text) {
        body?.push(text);
      },
      onclosetag(name) {
        if (name !== 'script' || !body) return;
        found.add(scriptHash(body.join('')));
        body = null;
      },
    },
    // A script's text is hashed as written: no entity is decoded.
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return [...found];
}

/** Data blocks (JSON, ld+json) are not scripts the policy governs. */
function isExecutable(type: string | undefined): boolean {
  const kind = type?.trim().toLowerCase();
  return (
    !kind || kind === 'module' || kind === 'text/javascript' || kind === 'application/javascript'
  );
}

/** What the public site's build tells the server, in this file beside the pages. */
export const BUILD_MANIFEST_FILE = 'build-manifest.json';
export interface TBuildManifest {
  builtAt: string;
  /** `'sha256-…'` of every inline script of every page. */
  scriptHashes: string[];
  /** The path patterns (RegExp sources) of the pages and endpoints Astro renders on demand. */
  onDemandPages: string[];
}
