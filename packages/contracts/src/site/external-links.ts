import { z } from 'zod';
import defaults from './external-links.json' with { type: 'json' };

const ZLink = z.object({ label: z.string().min(1), url: z.url({ protocol: /^https?$/ }) });

/**
 * Spec section 2 "External links": one file for the public site (read at build time) and the
 * dashboard (the support ticket link, read by the server at start). EXTERNAL_LINKS_FILE replaces
 * the shipped defaults for both.
 */
export const ZExternalLinksSchema = z.object({
  helpCenter: ZLink,
  supportArticles: ZLink,
  communityForum: ZLink,
  fairHousing: ZLink,
  reviewSites: z.array(ZLink).length(2),
  social: z.array(ZLink).min(1),
  videos: z.object({ whatIsTheMls: ZLink, createMlsListing: ZLink, createMlsChange: ZLink }),
});
export type ExternalLink = z.infer<typeof ZLink>;
export type ExternalLinks = z.infer<typeof ZExternalLinksSchema>;

/** The shipped defaults (placeholders on the reserved lantern.example domain). */
export const DEFAULT_EXTERNAL_LINKS: unknown = defaults;

/** Validate a links object; throws naming every bad entry. */
export function parseExternalLinks(raw: unknown): ExternalLinks {
  const parsed = ZExternalLinksSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid external links:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
