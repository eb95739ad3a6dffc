import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * Admin → Portal feeds (issue 49; docs/decisions/098): each home-search portal fetches our
 * listing feed (docs/feeds/) at a secret address of its own. The address is answered once, when
 * the feed is made or rotated; only a hash of its token is kept. Revoking stops it for good.
 */
export const PORTAL_FEED_TEXTS = {
  name: 'Enter the portal’s name, up to 100 characters.',
  alreadyRevoked: 'This feed was already revoked.',
  notFound: 'No such portal feed.',
} as const;

export const ZPortalFeedCreateSchema = z.object({
  name: singleLineText({ error: PORTAL_FEED_TEXTS.name })
    .trim()
    .min(1, PORTAL_FEED_TEXTS.name)
    .max(100, PORTAL_FEED_TEXTS.name),
});
export type TPortalFeedCreate = z.infer<typeof ZPortalFeedCreateSchema>;

export const ZPortalFeedSchema = z.object({
  hash: z.string(),
  name: z.string(),
  /** The staff member who made it (email), when still known. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** When its address last changed; null while it has the first one. */
  rotatedAt: z.string().nullable(),
  /** When the portal last fetched the feed (to the minute). */
  lastFetchedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Listings whose owners keep them out of this portal. */
  optOuts: z.number().int(),
});
export type TPortalFeed = z.infer<typeof ZPortalFeedSchema>;

export const ZPortalFeedsSchema = z.object({ feeds: z.array(ZPortalFeedSchema) });
export type TPortalFeeds = z.infer<typeof ZPortalFeedsSchema>;

/** Answered once, when a feed is made or rotated: its address is not kept where anyone can read it. */
export const ZPortalFeedCreatedSchema = z.object({
  feed: ZPortalFeedSchema,
  url: z.string(),
});
export type TPortalFeedCreated = z.infer<typeof ZPortalFeedCreatedSchema>;

export const ZPortalFeedParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });
