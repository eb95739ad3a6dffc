import {
  DOCUMENT_STATE_KEYS,
  DOCUMENT_TYPE_KEYS,
  LEAD_HONEYPOT_FIELD,
  SHOWING_STATUSES,
  TRANSACTION_ACCESS_DAYS,
  TRANSACTION_ACCESS_MESSAGE_MAX,
  TRANSACTION_ACCESS_NAME_MAX,
  TRANSACTION_ACCESS_ROLE_KEYS,
  TRANSACTION_ACCESS_SHARE_KEYS,
  TRANSACTION_ACCESS_STATUSES,
  TRANSACTION_ACCESS_TEXTS,
} from '@lantern/domain';
import { z } from 'zod';
import { ZEmailSchema } from '../auth/credentials.ts';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { LISTING_STATUSES } from '../listings/listings.ts';
import { multilineText, singleLineText } from '../text.ts';

const E = TRANSACTION_ACCESS_TEXTS.errors;

export const ZTransactionAccessRoleSchema = z.enum(TRANSACTION_ACCESS_ROLE_KEYS, { error: E.role });
export const ZTransactionAccessShareSchema = z.enum(TRANSACTION_ACCESS_SHARE_KEYS, {
  error: E.shares,
});

export const ZTransactionAccessListingParamsSchema = z.object({
  hash: singleLineText().min(1).max(64),
});

/** POST /api/listings/:hash/transaction-access — the public request form. */
export const ZTransactionAccessRequestSchema = z.object({
  name: singleLineText({ error: E.name })
    .trim()
    .min(1, E.name)
    .max(TRANSACTION_ACCESS_NAME_MAX, E.name),
  company: singleLineText({ error: E.company })
    .trim()
    .max(TRANSACTION_ACCESS_NAME_MAX, E.company)
    .optional()
    .default(''),
  role: ZTransactionAccessRoleSchema,
  email: ZEmailSchema,
  message: multilineText({ error: E.message })
    .trim()
    .max(TRANSACTION_ACCESS_MESSAGE_MAX, E.message)
    .optional()
    .default(''),
  /** The honeypot: hidden from people, so anything in it came from a bot. */
  [LEAD_HONEYPOT_FIELD]: singleLineText().max(500).optional(),
});
export type TTransactionAccessRequest = z.input<typeof ZTransactionAccessRequestSchema>;

/** GET /api/listings/:hash/transaction-access — what the request page names. */
export const ZTransactionAccessListingSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  url: z.string().nullable(),
});
export type TTransactionAccessListing = z.infer<typeof ZTransactionAccessListingSchema>;

export const ZTransactionAccessMessageSchema = z.object({ message: z.string() });

/** A mailed link's token (confirmation or access), posted from the page's fragment. */
export const ZTransactionAccessTokenSchema = z.object({
  token: singleLineText().min(1).max(200),
});
/** The view: the token the first time, the cookie it set afterwards. */
export const ZTransactionAccessViewRequestSchema = z.object({
  token: singleLineText().min(1).max(200).optional(),
});

export const ZTransactionAccessDocParamsSchema = z.object({
  doc: singleLineText().min(1).max(64),
});

/** What the approved person sees: only what the owners shared. */
export const ZTransactionAccessViewSchema = z.object({
  requester: z.object({ name: z.string(), company: z.string() }),
  expiresAt: z.string(),
  timeZone: z.string(),
  shares: z.array(ZTransactionAccessShareSchema),
  listing: z.object({
    status: z.enum(LISTING_STATUSES),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    /** Whole US dollars. */
    price: z.number().int().nullable(),
    bedrooms: z.number().nullable(),
    bathrooms: z.number().nullable(),
    squareFeet: z.number().int().nullable(),
    listedAt: z.string(),
    url: z.string().nullable(),
  }),
  documents: z
    .array(
      z.object({
        hash: z.string(),
        type: z.enum(DOCUMENT_TYPE_KEYS),
        label: z.string(),
        state: z.enum(DOCUMENT_STATE_KEYS),
        fileName: z.string(),
        uploadedAt: z.string(),
        url: z.string(),
      }),
    )
    .nullable(),
  showings: z
    .array(z.object({ start: z.string(), end: z.string(), status: z.enum(SHOWING_STATUSES) }))
    .nullable(),
});
export type TTransactionAccessView = z.infer<typeof ZTransactionAccessViewSchema>;

/** The owners' dashboard. */
export const ZTransactionAccessParamsSchema = z.object({
  request: singleLineText().min(1).max(64),
});
export const ZTransactionAccessDecisionSchema = z.object({ property: ZPropertyHashSchema });
export const ZTransactionAccessApproveSchema = z.object({
  property: ZPropertyHashSchema,
  days: z
    .number({ error: E.days })
    .int(E.days)
    .min(TRANSACTION_ACCESS_DAYS.min, E.days)
    .max(TRANSACTION_ACCESS_DAYS.max, E.days)
    .optional()
    .default(TRANSACTION_ACCESS_DAYS.default),
  shares: z
    .array(ZTransactionAccessShareSchema, { error: E.shares })
    .max(TRANSACTION_ACCESS_SHARE_KEYS.length, E.shares)
    .optional()
    .default(['listing', 'documents']),
});
export type TTransactionAccessApprove = z.input<typeof ZTransactionAccessApproveSchema>;

export const ZOwnerTransactionAccessSchema = z.object({
  hash: z.string(),
  name: z.string(),
  company: z.string(),
  role: ZTransactionAccessRoleSchema,
  email: z.string(),
  message: z.string(),
  /** `expired`: approved, and the days have run out. */
  status: z.enum([...TRANSACTION_ACCESS_STATUSES, 'expired']),
  shares: z.array(ZTransactionAccessShareSchema),
  days: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  views: z.array(z.object({ at: z.string(), ip: z.string(), what: z.string() })),
});
export type TOwnerTransactionAccess = z.infer<typeof ZOwnerTransactionAccessSchema>;

export const ZOwnerTransactionAccessListSchema = z.object({
  requests: z.array(ZOwnerTransactionAccessSchema),
});
export const ZOwnerTransactionAccessResponseSchema = z.object({
  message: z.string(),
  request: ZOwnerTransactionAccessSchema,
});
