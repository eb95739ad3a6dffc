import {
  SITE_MEDIA_KINDS,
  SITE_MEDIA_LIMITS,
  SITE_MEDIA_SIZES,
  SITE_MEDIA_TEXTS,
  type TSiteMediaSizeName,
} from '@lantern/domain';
import { z } from 'zod';
import { singleLineText } from '../text.ts';

export const ZSiteMediaKindSchema = z.enum(SITE_MEDIA_KINDS);
const SIZE_NAMES = Object.keys(SITE_MEDIA_SIZES) as [TSiteMediaSizeName, ...TSiteMediaSizeName[]];
export const ZSiteMediaSizeSchema = z.enum(SIZE_NAMES);

/** Alt text: what the photo shows, required, 1–200 characters. */
export const ZSiteMediaAltSchema = singleLineText({ error: SITE_MEDIA_TEXTS.alt })
  .trim()
  .min(1, SITE_MEDIA_TEXTS.alt)
  .max(SITE_MEDIA_LIMITS.maxAlt, SITE_MEDIA_TEXTS.altTooLong);

/** A caption (photographer, city); empty is none. */
export const ZSiteMediaCaptionSchema = singleLineText()
  .trim()
  .max(SITE_MEDIA_LIMITS.maxCaption, SITE_MEDIA_TEXTS.captionTooLong)
  .transform((s) => s || null);

const ZHash = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const ZSiteMediaParamsSchema = z.object({ hash: ZHash });
export const ZSiteMediaFileParamsSchema = z.object({ hash: ZHash, size: ZSiteMediaSizeSchema });
/** The public file route names the size with `.jpg` so a saved file has a sensible name. */
export const ZSiteMediaPublicFileParamsSchema = z.object({
  hash: ZHash,
  file: z.enum(SIZE_NAMES.map((s) => `${s}.jpg`) as [string, ...string[]]),
});
export const ZSiteMediaListQuerySchema = z.object({
  kind: ZSiteMediaKindSchema.default('photography-sample'),
});

/** The text fields of an upload (multipart fields beside the one `file` part). */
export const ZSiteMediaUploadFieldsSchema = z.object({
  kind: ZSiteMediaKindSchema.default('photography-sample'),
  alt: ZSiteMediaAltSchema,
  caption: ZSiteMediaCaptionSchema.optional().default(null),
});

/** PUT /api/admin/site-media/{hash}: any of alt text, caption and published. */
export const ZUpdateSiteMediaRequestSchema = z
  .object({
    alt: ZSiteMediaAltSchema,
    caption: z.union([ZSiteMediaCaptionSchema, z.null()]),
    published: z.boolean(),
  })
  .partial();

/** Move one photo a step earlier or later in its kind's order. */
export const ZMoveSiteMediaRequestSchema = z.object({ direction: z.enum(['up', 'down']) });

const ZVariant = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

/** One photo as staff see it: every size's access-checked URL. */
export const ZAdminSiteMediaSchema = z.object({
  hash: z.string(),
  kind: ZSiteMediaKindSchema,
  alt: z.string(),
  caption: z.string().nullable(),
  position: z.number().int(),
  published: z.boolean(),
  fileName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbUrl: z.string(),
  createdAt: z.string(),
});
export type TAdminSiteMedia = z.infer<typeof ZAdminSiteMediaSchema>;

export const ZAdminSiteMediaListSchema = z.object({
  photos: z.array(ZAdminSiteMediaSchema),
  canEdit: z.boolean(),
});
export type TAdminSiteMediaList = z.infer<typeof ZAdminSiteMediaListSchema>;

/** A published photo as the public site shows it: its sizes for `srcset`, smallest first. */
export const ZPublicSiteMediaSchema = z.object({
  hash: z.string(),
  alt: z.string(),
  caption: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(ZVariant),
});
export type TPublicSiteMedia = z.infer<typeof ZPublicSiteMediaSchema>;
export type TUpdateSiteMediaRequest = z.infer<typeof ZUpdateSiteMediaRequestSchema>;
