import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A prerendered page of the public site that an API route answers with (the password reset's
 * "incorrect link" page): read once, and again only when a new build replaces it. Undefined
 * while there is no such file.
 */
export function builtPage(webDist: string, file: string): () => string | undefined {
  const path = join(webDist, file);
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    if (!existsSync(path)) return undefined;
    const mtimeMs = statSync(path).mtimeMs;
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: readFileSync(path, 'utf8') };
    }
    return cached.html;
  };
}
