import { readFileSync } from 'node:fs';
import { z } from 'zod';
import defaults from './external-links.json' with { type: 'json' };

const ZLink = z.object({ label: z.string().min(1), url: z.url({ protocol: /^https?$/ }) });

/** Spec section 2 "External links": one file, validated at build time. */
export const ZExternalLinksSchema = z.object({
  helpCenter: ZLink,
  supportArticles: ZLink,
  communityForum: ZLink,
  supportTicket: ZLink,
  fairHousing: ZLink,
  reviewSites: z.array(ZLink).length(2),
  social: z.array(ZLink).min(1),
  videos: z.object({ whatIsTheMls: ZLink, createMlsListing: ZLink, createMlsChange: ZLink }),
});
export type ExternalLink = z.infer<typeof ZLink>;
export type ExternalLinks = z.infer<typeof ZExternalLinksSchema>;

/** Validate a links object; throws naming every bad entry. */
export function parseExternalLinks(raw: unknown): ExternalLinks {
  const parsed = ZExternalLinksSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid external links:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The shipped defaults, or the JSON file named by EXTERNAL_LINKS_FILE. */
export function loadExternalLinks(file: string | undefined): ExternalLinks {
  return parseExternalLinks(file ? JSON.parse(readFileSync(file, 'utf8')) : defaults);
}

const file = typeof process === 'undefined' ? undefined : process.env.EXTERNAL_LINKS_FILE;
export const externalLinks: ExternalLinks = loadExternalLinks(file || undefined);
