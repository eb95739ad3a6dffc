import { US_STATES } from '@lantern/address';
import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * Admin → Trust and notices (issue 45; docs/decisions/080-trust-signals-and-state-notices.md):
 * the notices each state we are licensed in requires on our website, and review ratings we may
 * quote. The public footer shows what staff entered here and nothing else.
 */
export const SITE_TRUST_TEXTS = {
  state: 'Choose one of the 50 states or DC.',
  label: 'Enter the words of the link, up to 120 characters.',
  noticeUrl:
    'Enter the address of the notice: a full address starting with https://, or a page of this site starting with /.',
  source: 'Enter the name of the review site, up to 60 characters.',
  rating: 'Enter the average rating from 1.0 to 5.0, to one decimal place (4.8).',
  reviewCount: 'Enter how many reviews the rating is of: a whole number, 1 or more.',
  reviewUrl: 'Enter the address of the reviews, starting with https://.',
  position: 'Enter the order as a whole number from 0 to 999.',
  notFound: 'That entry no longer exists; reload the page.',
} as const;

/** How many published listings the footer waits for before it says how many (decision 080). */
export const HOMES_LISTED_FLOOR = 100;

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.code));

const state = z
  .string({ error: SITE_TRUST_TEXTS.state })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => STATE_CODES.has(s), SITE_TRUST_TEXTS.state);

const position = z
  .number({ error: SITE_TRUST_TEXTS.position })
  .int(SITE_TRUST_TEXTS.position)
  .min(0, SITE_TRUST_TEXTS.position)
  .max(999, SITE_TRUST_TEXTS.position)
  .default(0);

/** An https address, parsed as a URL (a bare `https://` is not one). */
export function isHttpsUrl(s: string): boolean {
  if (!/^https:\/\//i.test(s)) return false;
  try {
    return new URL(s).hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path of our own site: one leading `/`, never `//` (which a browser reads as another host). */
const isSitePath = (s: string) => /^\/(?![/\\])[^\s]*$/.test(s);

const httpsUrl = (message: string) =>
  singleLineText({ error: message }).trim().max(2000, message).refine(isHttpsUrl, message);

export const ZStateNoticeRequestSchema = z.object({
  state,
  label: singleLineText({ error: SITE_TRUST_TEXTS.label })
    .trim()
    .min(1, SITE_TRUST_TEXTS.label)
    .max(120, SITE_TRUST_TEXTS.label),
  url: singleLineText({ error: SITE_TRUST_TEXTS.noticeUrl })
    .trim()
    .max(2000, SITE_TRUST_TEXTS.noticeUrl)
    .refine((s) => isHttpsUrl(s) || isSitePath(s), SITE_TRUST_TEXTS.noticeUrl),
  position,
});
export type TStateNoticeRequest = z.input<typeof ZStateNoticeRequestSchema>;

export const ZReviewRatingRequestSchema = z.object({
  source: singleLineText({ error: SITE_TRUST_TEXTS.source })
    .trim()
    .min(1, SITE_TRUST_TEXTS.source)
    .max(60, SITE_TRUST_TEXTS.source),
  /** Tenths of a star: 48 is 4.8 out of 5. */
  ratingTenths: z
    .number({ error: SITE_TRUST_TEXTS.rating })
    .int(SITE_TRUST_TEXTS.rating)
    .min(10, SITE_TRUST_TEXTS.rating)
    .max(50, SITE_TRUST_TEXTS.rating),
  reviewCount: z
    .number({ error: SITE_TRUST_TEXTS.reviewCount })
    .int(SITE_TRUST_TEXTS.reviewCount)
    .min(1, SITE_TRUST_TEXTS.reviewCount)
    .max(10_000_000, SITE_TRUST_TEXTS.reviewCount),
  url: httpsUrl(SITE_TRUST_TEXTS.reviewUrl),
  position,
});
export type TReviewRatingRequest = z.input<typeof ZReviewRatingRequestSchema>;

export const ZSiteTrustIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const ZStateNoticeSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  stateName: z.string(),
  label: z.string(),
  url: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type TStateNotice = z.infer<typeof ZStateNoticeSchema>;

export const ZReviewRatingSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  ratingTenths: z.number().int(),
  reviewCount: z.number().int(),
  url: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type TReviewRating = z.infer<typeof ZReviewRatingSchema>;

/** GET /api/admin/site-trust: everything the page edits, and the counter as the footer sees it. */
export const ZSiteTrustAdminSchema = z.object({
  notices: z.array(ZStateNoticeSchema),
  reviews: z.array(ZReviewRatingSchema),
  homesListed: z.object({
    /** Listings ever published on our site. */
    count: z.number().int(),
    /** HOMES_LISTED_FLOOR: the footer names the count from this many on. */
    floor: z.number().int(),
  }),
});
export type TSiteTrustAdmin = z.infer<typeof ZSiteTrustAdminSchema>;
