import { z } from 'zod';
import defaults from './external-links.json' with { type: 'json' };

const ZUrl = z.url({ protocol: /^https?$/ });
const ZLink = z.object({ label: z.string().min(1), url: ZUrl });

/** A link the site names itself: the file may give only its address; absent or null hides it. */
const namedLink = (label: string) =>
  z
    .object({ label: z.string().min(1).default(label), url: ZUrl })
    .nullish()
    .transform((link) => link ?? undefined);

/**
 * Spec section 2 "External links", read by the public site at build time; EXTERNAL_LINKS_FILE
 * replaces the shipped file. Nothing is invented: a link missing from the file is not rendered
 * (its menu group or footer column goes with it when it was the last one).
 */
export const ZExternalLinksSchema = z.object({
  helpCenter: namedLink('Help Center'),
  supportArticles: namedLink('Support articles'),
  communityForum: namedLink('Community forum'),
  fairHousing: namedLink('Fair housing: your rights (HUD)'),
  reviewSites: z.array(ZLink).max(2).default([]),
  social: z.array(ZLink).default([]),
  videos: z
    .object({
      whatIsTheMls: namedLink('Video: What is the MLS?'),
      createMlsListing: namedLink('Video: Create an MLS listing'),
      createMlsChange: namedLink('Video: Create an MLS change'),
    })
    .prefault({}),
});
export type ExternalLink = z.infer<typeof ZLink>;
export type ExternalLinks = z.infer<typeof ZExternalLinksSchema>;

/** The shipped defaults: only the fair-housing article, a public HUD page. */
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
