import {
  INQUIRY_LIMITS,
  INQUIRY_TEXTS,
  LEAD_HONEYPOT_FIELD,
  LEAD_MAX_LINKS,
  LEAD_SPAM_TEXTS,
  linkCount,
} from '@lantern/domain';
import { z } from 'zod';
import { ZEmailSchema } from '../auth/credentials.ts';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { isUsPhone } from '../listings/fsbo-listing.ts';
import { multilineText, singleLineText } from '../text.ts';

/**
 * A buyer's question about a listing and its thread (issue 22, "Inquiries and email
 * forwarding"; docs/decisions/041-inquiries-and-mail-relay.md).
 */
export const INQUIRY_API = {
  /** POST: a visitor asks a question on the listing page (no sign-in). */
  ask: (listingHash: string) => `/api/listings/${encodeURIComponent(listingHash)}/inquiries`,
  /** GET ?property=: the listing's questions, newest first. */
  list: '/api/dashboard/listing/inquiries',
  /** GET ?property=: one thread (marks it read). */
  thread: (hash: string) => `/api/dashboard/listing/inquiries/${encodeURIComponent(hash)}`,
  /** POST: the owner answers; it reaches the buyer by mail. */
  reply: (hash: string) => `/api/dashboard/listing/inquiries/${encodeURIComponent(hash)}/replies`,
} as const;

export { INQUIRY_LIMITS, INQUIRY_TEXTS };

const ZNameSchema = singleLineText()
  .trim()
  .min(1, INQUIRY_TEXTS.nameRequired)
  .max(INQUIRY_LIMITS.name, INQUIRY_TEXTS.nameTooLong);

/** The question's text: not empty, not too long, at most LEAD_MAX_LINKS links. */
const ZQuestionSchema = multilineText()
  .trim()
  .min(1, INQUIRY_TEXTS.messageRequired)
  .max(INQUIRY_LIMITS.message, INQUIRY_TEXTS.messageTooLong)
  .refine((v) => linkCount(v) <= LEAD_MAX_LINKS, LEAD_SPAM_TEXTS.tooManyLinks);

/** POST /api/listings/{hash}/inquiries (a form post or JSON). */
export const ZInquiryRequestSchema = z.object({
  name: ZNameSchema,
  email: ZEmailSchema,
  phone: singleLineText()
    .trim()
    .max(30, INQUIRY_TEXTS.phoneInvalid)
    .refine((v) => v === '' || isUsPhone(v), INQUIRY_TEXTS.phoneInvalid)
    .optional(),
  message: ZQuestionSchema,
  /** The honeypot: hidden from people; anything in it marks the post as a bot's. */
  [LEAD_HONEYPOT_FIELD]: singleLineText().max(500).optional(),
});
export type TInquiryRequest = z.input<typeof ZInquiryRequestSchema>;

export const ZInquiryAcceptedSchema = z.object({ message: z.string() });

export const ZInquiryParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });

/** A question as the owner's list shows it (never the buyer's address). */
export const ZInquirySummarySchema = z.object({
  hash: z.string(),
  buyerName: z.string(),
  /** The start of the latest message. */
  excerpt: z.string(),
  messages: z.number().int(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});
export type TInquirySummary = z.infer<typeof ZInquirySummarySchema>;

export const ZInquiryListSchema = z.object({ inquiries: z.array(ZInquirySummarySchema) });
export type TInquiryList = z.infer<typeof ZInquiryListSchema>;

export const ZInquiryMessageSchema = z.object({
  side: z.enum(['buyer', 'seller']),
  via: z.enum(['form', 'email', 'dashboard']),
  /** The owner who wrote a seller's message; the buyer's name for theirs. */
  author: z.string(),
  body: z.string(),
  at: z.string(),
});
export type TInquiryMessage = z.infer<typeof ZInquiryMessageSchema>;

export const ZInquiryThreadSchema = z.object({
  inquiry: ZInquirySummarySchema.extend({ thread: z.array(ZInquiryMessageSchema) }),
});
export type TInquiryThread = z.infer<typeof ZInquiryThreadSchema>;

export const ZInquiryThreadQuerySchema = z.object({ property: ZPropertyHashSchema });

/** POST …/inquiries/{hash}/replies */
export const ZInquiryReplyRequestSchema = z.object({
  property: ZPropertyHashSchema,
  body: multilineText()
    .trim()
    .min(1, INQUIRY_TEXTS.replyRequired)
    .max(INQUIRY_LIMITS.message, INQUIRY_TEXTS.replyTooLong),
  /** The owner chose to let this buyer see their email address. */
  shareEmail: z.boolean().default(false),
});
export type TInquiryReplyRequest = z.input<typeof ZInquiryReplyRequestSchema>;
