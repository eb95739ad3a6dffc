import { DOCUMENT_STATE_KEYS, DOCUMENT_TYPE_KEYS, TRANSACTION_KIND_KEYS } from '@lantern/domain';
import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { multilineText, singleLineText } from '../text.ts';

/** A property's documents (dashboard) and staff's review (admin); issue 23, "Documents". */
export const DOCUMENTS_API = {
  checklist: '/api/dashboard/documents',
  upload: '/api/dashboard/documents/files',
  yearBuilt: '/api/dashboard/documents/year-built',
  file: (hash: string) => `/api/dashboard/documents/${encodeURIComponent(hash)}/file`,
  adminDocuments: '/api/admin/documents',
  adminFile: (hash: string) => `/api/admin/documents/${encodeURIComponent(hash)}/file`,
  adminReview: (hash: string) => `/api/admin/documents/${encodeURIComponent(hash)}/review`,
  adminReasons: '/api/admin/documents/reasons',
  adminReason: (key: string) => `/api/admin/documents/reasons/${encodeURIComponent(key)}`,
} as const;

export const DOCUMENT_TEXTS = {
  wrongType:
    'This file is not a PDF, JPEG or PNG. Scan or save the document as one of those and try again.',
  tooLarge: 'This file is larger than 25 MB. Scan it at a lower resolution or split it.',
  empty: 'This file is empty.',
  noFile: 'Choose a file to upload.',
  closed: 'This document is already approved or marked not needed; there is nothing to send.',
  notLatest: 'A newer file replaced this one; review the newer file.',
  decided: 'This document was already reviewed.',
  reason: 'Choose why the document is sent back.',
  reasonRetired: 'This reason is no longer offered; choose another.',
  reasonLabel: 'Write the reason in a sentence, up to 200 characters.',
  reasonExists: 'There is already a reason with these words.',
  year: (latest: number) => `Enter the year the home was built, from 1600 to ${latest}.`,
  noteTooLong: 'Keep the note under 1,000 characters.',
} as const;

export const ZTransactionKindSchema = z.enum(TRANSACTION_KIND_KEYS);
export const ZDocumentTypeSchema = z.enum(DOCUMENT_TYPE_KEYS);
export const ZDocumentStateSchema = z.enum(DOCUMENT_STATE_KEYS);
/** A reason's key, from the staff-edited list (GET /api/admin/documents/reasons). */
export const ZDocumentRejectReasonSchema = singleLineText({ error: DOCUMENT_TEXTS.reason })
  .trim()
  .min(1, DOCUMENT_TEXTS.reason)
  .max(64, DOCUMENT_TEXTS.reason);

const ZPropertyHashSchema = singleLineText().min(1).max(64);

/** GET /api/dashboard/documents?property=&kind= */
export const ZChecklistQuerySchema = z.object({
  property: ZPropertyHashSchema,
  kind: ZTransactionKindSchema.default('sale_seller'),
});
export type TChecklistQuery = z.input<typeof ZChecklistQuerySchema>;

/** POST /api/dashboard/documents/files?property=&kind=&type= with one multipart `file` part. */
export const ZUploadQuerySchema = z.object({
  property: ZPropertyHashSchema,
  kind: ZTransactionKindSchema,
  type: ZDocumentTypeSchema,
});
export type TUploadQuery = z.input<typeof ZUploadQuerySchema>;

const latestYear = () => new Date().getFullYear() + 1;
/** PUT /api/dashboard/documents/year-built: the year the customer states when no listing says it. */
export const ZYearBuiltRequestSchema = z.object({
  property: ZPropertyHashSchema,
  year: z
    .number({ error: () => DOCUMENT_TEXTS.year(latestYear()) })
    .int({ error: () => DOCUMENT_TEXTS.year(latestYear()) })
    .refine((y) => y >= 1600 && y <= latestYear(), {
      error: () => DOCUMENT_TEXTS.year(latestYear()),
    }),
});
export type TYearBuiltRequest = z.input<typeof ZYearBuiltRequestSchema>;

/** One file sent for a checklist item. */
export const ZDocumentSchema = z.object({
  hash: z.string(),
  kind: ZTransactionKindSchema,
  type: ZDocumentTypeSchema,
  state: ZDocumentStateSchema,
  version: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The reason in words, and staff's note, when sent back. */
  reasonText: z.string().nullable(),
  note: z.string(),
});
export type TDocument = z.infer<typeof ZDocumentSchema>;

export const ZChecklistItemSchema = z.object({
  type: ZDocumentTypeSchema,
  label: z.string(),
  need: z.enum(['required', 'optional', 'ask']),
  /** Required (or asked) and neither approved nor exempt. */
  missing: z.boolean(),
  canUpload: z.boolean(),
  latest: ZDocumentSchema.nullable(),
});
export type TChecklistItem = z.infer<typeof ZChecklistItemSchema>;

export const ZChecklistSchema = z.object({
  property: z.object({ hash: z.string(), address: z.string() }),
  kind: ZTransactionKindSchema,
  yearBuilt: z.object({
    year: z.number().int().nullable(),
    /** Where the year comes from: the MLS listing, the FSBO listing, or the customer's word. */
    source: z.enum(['mls', 'fsbo', 'stated']).nullable(),
  }),
  items: z.array(ZChecklistItemSchema),
  missing: z.number().int(),
});
export type TChecklist = z.infer<typeof ZChecklistSchema>;

/** A refused upload says why in words (422). */
export const ZUploadResultSchema = z.object({ document: ZDocumentSchema });

/** GET /api/admin/documents */
export const ZAdminDocumentsQuerySchema = ZListQuerySchema.extend({
  state: z.enum(['all', ...DOCUMENT_STATE_KEYS]).default('submitted'),
  /** Oldest upload first: the queue is worked from the front. */
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type TAdminDocumentsQuery = z.infer<typeof ZAdminDocumentsQuerySchema>;

export const ZAdminDocumentRowSchema = ZDocumentSchema.extend({
  property: z.object({ hash: z.string(), address: z.string() }),
  uploaderEmail: z.string().nullable(),
  reviewerEmail: z.string().nullable(),
});
export type TAdminDocumentRow = z.infer<typeof ZAdminDocumentRowSchema>;
export const ZAdminDocumentsPageSchema = pageSchema(ZAdminDocumentRowSchema);

/** POST /api/admin/documents/{hash}/review */
export const ZDocumentReviewRequestSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('exempt') }),
  z.object({
    decision: z.literal('reject'),
    reason: ZDocumentRejectReasonSchema,
    note: multilineText().trim().max(1000, DOCUMENT_TEXTS.noteTooLong).default(''),
  }),
]);
export type TDocumentReviewRequest = z.input<typeof ZDocumentReviewRequestSchema>;

/** Why staff send a document back: a list staff edit (add, retire, bring back). */
export const ZRejectReasonSchema = z.object({
  key: z.string(),
  label: z.string(),
  retired: z.boolean(),
});
export type TRejectReason = z.infer<typeof ZRejectReasonSchema>;
export const ZRejectReasonListSchema = z.object({ reasons: z.array(ZRejectReasonSchema) });

/** POST /api/admin/documents/reasons */
export const ZAddRejectReasonRequestSchema = z.object({
  label: singleLineText({ error: DOCUMENT_TEXTS.reasonLabel })
    .trim()
    .min(3, DOCUMENT_TEXTS.reasonLabel)
    .max(200, DOCUMENT_TEXTS.reasonLabel),
});
export type TAddRejectReasonRequest = z.input<typeof ZAddRejectReasonRequestSchema>;

/** PUT /api/admin/documents/reasons/{key}: retire it, or offer it again. */
export const ZUpdateRejectReasonRequestSchema = z.object({ retired: z.boolean() });
export const ZRejectReasonParamsSchema = z.object({ key: singleLineText().min(1).max(64) });
