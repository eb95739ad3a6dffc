import { readFileSync } from 'node:fs';
import {
  DEFAULT_EXTERNAL_LINKS,
  type ExternalLinks,
  parseExternalLinks,
} from '@lantern/contracts/external-links';

export type { ExternalLink, ExternalLinks } from '@lantern/contracts/external-links';
export { parseExternalLinks };

/** The shipped defaults, or the JSON file named by EXTERNAL_LINKS_FILE. */
export function loadExternalLinks(file: string | undefined): ExternalLinks {
  return parseExternalLinks(file ? JSON.parse(readFileSync(file, 'utf8')) : DEFAULT_EXTERNAL_LINKS);
}

const file = typeof process === 'undefined' ? undefined : process.env.EXTERNAL_LINKS_FILE;
export const externalLinks: ExternalLinks = loadExternalLinks(file || undefined);
