import {
  FSBO_FEATURES,
  FSBO_LISTING_STATUSES,
  FSBO_LISTING_STEPS,
  findContactDetails,
  FSBO_LISTING_FIELD_MESSAGES as M,
  PUBLIC_REMARKS_MAX,
  type TFsboFeature,
} from '@lantern/domain';
import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { multilineText, singleLineText } from '../text.ts';
import { LISTING_STATUSES, ZPublicPropertyTypeSchema } from './listings.ts';
import { ZListingSyndicationSchema } from './syndication.ts';

/**
 * The FSBO listing's steps as the seller fills them in (issue 19), and the API's requests and
 * answers (paths in fsbo-listing-paths.ts). Like the MLS form, each step has a draft schema (every
 * value given is checked, any may be missing: a draft is saved as it is) and a complete one (what
 * the step needs to count as done). No transforms: the API answers with the same shapes.
 */

const latestYear = () => new Date().getUTCFullYear() + 2;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD. */
export const isIsoDate = (v: string) =>
  DATE.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
/** Ten digits, or eleven starting with 1, whatever the separators. */
export const isUsPhone = (v: string) => {
  if (!/^[\d\s().+-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const wholeDollars = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(1_000_000_000, message);

// Basics

export const ZFsboBasicsDraftSchema = z.object({
  price: wholeDollars(M.price).optional(),
  propertyType: z.enum(ZPublicPropertyTypeSchema.options, { error: M.propertyType }).optional(),
  bedrooms: z
    .number({ error: M.bedrooms })
    .int(M.bedrooms)
    .min(0, M.bedrooms)
    .max(99, M.bedrooms)
    .optional(),
  bathrooms: z
    .number({ error: M.bathrooms })
    .min(0, M.bathrooms)
    .max(99, M.bathrooms)
    .refine((v) => Number.isInteger(v * 2), M.bathrooms)
    .optional(),
  livingArea: z
    .number({ error: M.livingArea })
    .int(M.livingArea)
    .min(1, M.livingArea)
    .max(1_000_000, M.livingArea)
    .optional(),
  yearBuilt: z
    .number({ error: M.yearBuilt(latestYear()) })
    .int({ error: () => M.yearBuilt(latestYear()) })
    .refine((y) => y >= 1600 && y <= latestYear(), { error: () => M.yearBuilt(latestYear()) })
    .optional(),
});
export type TFsboBasicsDraft = z.infer<typeof ZFsboBasicsDraftSchema>;

/**
 * The basics step is done with a price and a type, and for anything but land the bedrooms,
 * bathrooms and living area too. The year built is optional (not every seller knows it).
 */
export function fsboBasicsIssues(b: TFsboBasicsDraft): Record<string, string> {
  const out: Record<string, string> = {};
  if (b.price === undefined) out.price = M.price;
  if (b.propertyType === undefined) out.propertyType = M.propertyType;
  if (b.propertyType !== 'land') {
    if (b.bedrooms === undefined) out.bedrooms = M.bedrooms;
    if (b.bathrooms === undefined) out.bathrooms = M.bathrooms;
    if (b.livingArea === undefined) out.livingArea = M.livingArea;
  }
  return out;
}

// Contact

export const ZFsboContactDraftSchema = z.object({
  /** The name buyers see on the listing page. */
  name: singleLineText({ error: M.contactName }).trim().max(100, M.contactName).optional(),
  /** Show `email` on the listing page (otherwise buyers write through our form). */
  showEmail: z.boolean().optional(),
  email: singleLineText({ error: M.email })
    .trim()
    .max(254, M.email)
    .refine((v) => v === '' || EMAIL.test(v), M.email)
    .optional(),
  showPhone: z.boolean().optional(),
  phone: singleLineText({ error: M.phone })
    .trim()
    .max(30, M.phone)
    .refine((v) => v === '' || isUsPhone(v), M.phone)
    .optional(),
});
export type TFsboContactDraft = z.infer<typeof ZFsboContactDraftSchema>;

/** Done with a name, and an email or phone for each one the seller chose to show. */
export function fsboContactIssues(c: TFsboContactDraft): Record<string, string> {
  const out: Record<string, string> = {};
  if (!c.name?.trim()) out.name = M.contactName;
  if (c.showEmail && !c.email?.trim()) out.email = M.email;
  if (c.showPhone && !c.phone?.trim()) out.phone = M.phone;
  return out;
}

// Describe

export const ZFsboFeatureSchema = z.enum(
  FSBO_FEATURES.map((f) => f.value) as [TFsboFeature, ...TFsboFeature[]],
  { error: M.features },
);

export const ZFsboDescribeDraftSchema = z.object({
  /** The same rules as an MLS listing's public remarks: no contact details, at most 4,000. */
  remarks: multilineText()
    .trim()
    .max(PUBLIC_REMARKS_MAX, M.remarksTooLong)
    .superRefine((v, ctx) => {
      for (const f of findContactDetails(v)) {
        ctx.addIssue({ code: 'custom', message: M.remarksContact(f.kind, f.found) });
      }
    })
    .optional(),
  features: z
    .array(ZFsboFeatureSchema, { error: M.features })
    .max(FSBO_FEATURES.length, M.features)
    .refine((l) => new Set(l).size === l.length, M.features)
    .optional(),
});
export type TFsboDescribeDraft = z.infer<typeof ZFsboDescribeDraftSchema>;

/** Done with a description (features are optional). */
export function fsboDescribeIssues(d: TFsboDescribeDraft): Record<string, string> {
  return d.remarks?.trim() ? {} : { remarks: M.remarks };
}

// Requests

/**
 * PUT basics / contact / describe: `finish: false` saves a draft (each value checked, any may be
 * missing); `finish: true` also checks the step is complete and counts it done. A published
 * listing's save must be complete, and shows on its page at once.
 */
export const ZFsboBasicsRequestSchema = z.object({
  property: ZPropertyHashSchema,
  basics: ZFsboBasicsDraftSchema,
  finish: z.boolean().default(false),
});
export type TFsboBasicsRequest = z.input<typeof ZFsboBasicsRequestSchema>;
export const ZFsboContactRequestSchema = z.object({
  property: ZPropertyHashSchema,
  contact: ZFsboContactDraftSchema,
  finish: z.boolean().default(false),
});
export type TFsboContactRequest = z.input<typeof ZFsboContactRequestSchema>;
export const ZFsboDescribeRequestSchema = z.object({
  property: ZPropertyHashSchema,
  describe: ZFsboDescribeDraftSchema,
  finish: z.boolean().default(false),
});
export type TFsboDescribeRequest = z.input<typeof ZFsboDescribeRequestSchema>;

/** POST publish / unpublish. */
export const ZFsboPropertyRequestSchema = z.object({ property: ZPropertyHashSchema });
export type TFsboPropertyRequest = z.input<typeof ZFsboPropertyRequestSchema>;

/**
 * POST publish: the seller's choices of where the listing may appear go with the first publish
 * (saved with it); publishing again keeps the stored ones unless new ones are sent.
 */
export const ZFsboPublishRequestSchema = z.object({
  property: ZPropertyHashSchema,
  syndication: ZListingSyndicationSchema.optional(),
});
export type TFsboPublishRequest = z.input<typeof ZFsboPublishRequestSchema>;

/** PUT market-status: back on the market, pending, or sold with the price and the closing date. */
export const ZFsboMarketStatusRequestSchema = z.discriminatedUnion('status', [
  z.object({ property: ZPropertyHashSchema, status: z.literal('active') }),
  z.object({ property: ZPropertyHashSchema, status: z.literal('pending') }),
  z.object({
    property: ZPropertyHashSchema,
    status: z.literal('sold'),
    soldPrice: wholeDollars(M.soldPrice),
    soldOn: singleLineText({ error: M.soldOn }).refine(isIsoDate, M.soldOn),
    /** "Show the sale price to other Lantern customers" (issue 37): off unless ticked. */
    showSoldPrice: z.boolean().default(false),
  }),
]);
export type TFsboMarketStatusRequest = z.input<typeof ZFsboMarketStatusRequestSchema>;

// Answers

export const ZFsboListingWarningSchema = z.object({
  field: z.string(),
  phrase: z.string(),
  message: z.string(),
});

export const ZFsboListingSchema = z.object({
  hash: z.string(),
  status: z.enum(FSBO_LISTING_STATUSES),
  /** Steps done, in step order (media while a photo is ready; review once published). */
  completedSteps: z.array(z.enum(FSBO_LISTING_STEPS)),
  /** Where "resume" goes: the first step not done, or manage once it has been published. */
  nextStep: z.enum(FSBO_LISTING_STEPS),
  /** Whether this user may change it (a participant with can_edit). */
  canEdit: z.boolean(),
  property: z.object({
    hash: z.string(),
    streetAddress: z.string(),
    unit: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  basics: ZFsboBasicsDraftSchema,
  contact: ZFsboContactDraftSchema,
  describe: ZFsboDescribeDraftSchema,
  warnings: z.array(ZFsboListingWarningSchema),
  readyPhotos: z.number().int(),
  /** What still stands in the way of publishing, in words (empty: it may be published). */
  publishNeeds: z.array(z.string()),
  /** Where the sale stands on the public page. */
  marketStatus: z.enum(LISTING_STATUSES),
  soldPrice: z.number().int().nullable(),
  soldOn: z.string().nullable(),
  publishedAt: z.string().nullable(),
  firstPublishedAt: z.string().nullable(),
  /** The public page's path while published. */
  publicPath: z.string().nullable(),
  /** Where the seller agreed it may appear beyond our site; null until chosen (nowhere). */
  syndication: ZListingSyndicationSchema.nullable(),
});
export type TFsboListing = z.infer<typeof ZFsboListingSchema>;

export const ZFsboListingResponseSchema = z.object({ listing: ZFsboListingSchema });
export type TFsboListingResponse = z.infer<typeof ZFsboListingResponseSchema>;
