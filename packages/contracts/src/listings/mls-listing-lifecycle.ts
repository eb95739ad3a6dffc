import {
  CHANGE_REQUEST_KINDS,
  CHANGE_REQUEST_STATUSES,
  findContactDetails,
  MLS_LISTING_FIELD_MESSAGES,
  MLS_LISTING_STATUSES,
  MLS_LISTING_TEXTS,
  PHOTO_LIMITS,
  PUBLIC_REMARKS_MAX,
  RESO_STANDARD_STATUSES,
  SIGNING_DOCUMENT_KINDS,
  SIGNING_DOCUMENT_STATUSES,
  type TChangeRequestKind,
  type TResoStandardStatus,
} from '@lantern/domain';
import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { multilineText, singleLineText } from '../text.ts';
import { ZListingPhotoSchema, ZPhotoHashSchema } from './photos.ts';

/**
 * Issue 18 (docs/decisions/032-mls-listing-sign-review-manage.md): signing the listing agreement,
 * staff review, and managing the live listing with signed change forms. Paths, requests, answers
 * and texts shared by the API, the dashboard and the admin pages.
 */

export const MLS_LISTING_LIFECYCLE_API = {
  /** GET ?property=: the agreement to sign (made from the listing when the sign step opens). */
  sign: '/api/dashboard/mls-listing/sign',
  /** GET ?property=&copy=unsigned|signed: a PDF of a document of the listing. */
  document: (hash: string) => `/api/dashboard/mls-listing/documents/${encodeURIComponent(hash)}`,
  /** GET ?property=: the live listing, its change requests and what may be asked. */
  manage: '/api/dashboard/mls-listing/manage',
  /** POST: ask for a change (signs its change form in the same call). */
  changes: '/api/dashboard/mls-listing/changes',
  /** POST: start a renewal (a new agreement every owner signs). */
  renew: '/api/dashboard/mls-listing/renew',
  /** GET ?property=, PUT: where the listing may appear beyond our site (issue 49). */
  syndication: '/api/dashboard/mls-listing/syndication',
} as const;

export const ADMIN_LISTINGS_API = {
  listings: '/api/admin/mls-listings',
  listing: (hash: string) => `/api/admin/mls-listings/${encodeURIComponent(hash)}`,
  approve: (hash: string) => `/api/admin/mls-listings/${encodeURIComponent(hash)}/approve`,
  sendBack: (hash: string) => `/api/admin/mls-listings/${encodeURIComponent(hash)}/send-back`,
  reject: (hash: string) => `/api/admin/mls-listings/${encodeURIComponent(hash)}/reject`,
  document: (listing: string, document: string) =>
    `/api/admin/mls-listings/${encodeURIComponent(listing)}/documents/${encodeURIComponent(document)}`,
  changes: '/api/admin/listing-changes',
  complete: (hash: string) => `/api/admin/listing-changes/${encodeURIComponent(hash)}/complete`,
  decline: (hash: string) => `/api/admin/listing-changes/${encodeURIComponent(hash)}/decline`,
  /** A photo of the set a photo change chose (issue 39). */
  changePhoto: (hash: string, photo: string, size: 'thumb' | 'web' | 'original') =>
    `/api/admin/listing-changes/${encodeURIComponent(hash)}/photos/${encodeURIComponent(photo)}/${size}`,
} as const;

// ---------------------------------------------------------------------------------------------
// ESIGN consumer disclosure (15 U.S.C. 7001(c)). Changing a word makes a new version: signatures
// record the version they consented to, and the text of every version stays here.

export const ESIGN_DISCLOSURE_VERSION = '2026-11-24';

export const ESIGN_DISCLOSURE = {
  version: ESIGN_DISCLOSURE_VERSION,
  title: 'Signing electronically: what you agree to',
  sections: [
    {
      heading: 'Electronic records and signatures',
      text: 'We would like to give you the listing agreement, change forms and the notices that go with them electronically, and have you sign them here. An electronic signature has the same effect as signing on paper.',
    },
    {
      heading: 'Paper copies',
      text: 'You may ask for a paper copy of any document you sign here, at no charge, at any time while the listing is open and for three years after. Open a support ticket or call us and we will mail it to you.',
    },
    {
      heading: 'Withdrawing your consent',
      text: 'You may withdraw your consent to electronic records at any time by opening a support ticket or calling us. Documents signed before you withdraw stay valid; after that we send you paper documents to sign by mail, which can slow your listing down. There is no fee for withdrawing.',
    },
    {
      heading: 'What this consent covers',
      text: 'This consent covers the listing agreement for this property, its renewals and change forms, and the notices about them.',
    },
    {
      heading: 'What you need',
      text: 'A current version of Chrome, Firefox, Safari or Edge with JavaScript on; a program that opens PDF files (every current browser does); an email address you can read; and somewhere to save or print the PDFs. If your email address changes, update it in Account Settings.',
    },
    {
      heading: 'Checking you can read these records',
      text: 'Download the PDF of the agreement below before you sign. If it opens, your device can read the records we send.',
    },
  ],
  consentLabel:
    'I have read the disclosure above, I can open the PDF, and I agree to use electronic records and to sign electronically.',
} as const;

export const ESIGN_TEXTS = {
  consentRequired:
    'Tick the box to agree to sign electronically, or ask us for paper copies instead.',
  disclosureChanged:
    'The disclosure has changed since you opened this page. Reload it and read it again.',
} as const;

export const ZEsignConsentSchema = z.object({
  consent: z.literal(true, { error: ESIGN_TEXTS.consentRequired }),
  consentVersion: z.literal(ESIGN_DISCLOSURE_VERSION, { error: ESIGN_TEXTS.disclosureChanged }),
});

/** The consent box as a form holds it (unticked at first), checked with the same words. */
export const ZEsignConsentFormSchema = z.object({
  consent: z.boolean().refine((v) => v, ESIGN_TEXTS.consentRequired),
});

// ---------------------------------------------------------------------------------------------
// Signing documents

export const ZSigningDocumentKindSchema = z.enum(SIGNING_DOCUMENT_KINDS);
export const ZSigningDocumentStatusSchema = z.enum(SIGNING_DOCUMENT_STATUSES);

export const ZSignerSchema = z.object({
  name: z.string(),
  email: z.string(),
  signedAt: z.string().nullable(),
  /** This signer is the person asking. */
  you: z.boolean(),
});
export type TSigner = z.infer<typeof ZSignerSchema>;

export const ZSigningDocumentSchema = z.object({
  hash: z.string(),
  kind: ZSigningDocumentKindSchema,
  title: z.string(),
  status: ZSigningDocumentStatusSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  unsignedSha256: z.string(),
  signedSha256: z.string().nullable(),
  signers: z.array(ZSignerSchema),
});
export type TSigningDocument = z.infer<typeof ZSigningDocumentSchema>;

/** GET sign: the agreement (or a renewal) waiting for signatures, or the one signed last. */
export const ZMlsListingSignResponseSchema = z.object({
  document: ZSigningDocumentSchema.nullable(),
  /** The person asking is an owner who has not signed this document yet. */
  youMaySign: z.boolean(),
  /** Why they may not, in their words (null when they may, or have signed). */
  notSignerReason: z.string().nullable(),
  /** Signatures given on an earlier copy that the listing's changes replaced. */
  replacedSignatures: z.boolean(),
  disclosure: z.object({
    version: z.string(),
    title: z.string(),
    sections: z.array(z.object({ heading: z.string(), text: z.string() })),
    consentLabel: z.string(),
  }),
});
export type TMlsListingSignResponse = z.infer<typeof ZMlsListingSignResponseSchema>;

export const ZMlsListingSignRequestSchema = z
  .object({ property: ZPropertyHashSchema, document: singleLineText().min(1).max(64) })
  .and(ZEsignConsentSchema);
export type TMlsListingSignRequest = z.infer<typeof ZMlsListingSignRequestSchema>;

export const ZDocumentCopySchema = z.enum(['unsigned', 'signed']);
export const ZDocumentQuerySchema = z.object({
  property: ZPropertyHashSchema,
  copy: ZDocumentCopySchema.default('signed'),
});
export const ZDocumentParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });

// ---------------------------------------------------------------------------------------------
// Review

/** Staff's reasons, by the listing field they concern ("listing" for the whole listing). */
export const ZReturnReasonsSchema = z.record(z.string(), z.array(z.string()));
export type TReturnReasons = z.infer<typeof ZReturnReasonsSchema>;

/** Fields staff may point a reason at: the form's RESO names, the steps, or the whole listing. */
export const RETURN_REASON_FIELDS = [
  'listing',
  'propertyType',
  'propertySubType',
  'photos',
  'ListPrice',
  'BedroomsTotal',
  'BathroomsFull',
  'BathroomsHalf',
  'LivingArea',
  'LotSizeAcres',
  'LotSizeSquareFeet',
  'YearBuilt',
  'GarageSpaces',
  'AssociationFee',
  'TaxAnnualAmount',
  'PublicRemarks',
  'ShowingInstructions',
  'Directions',
  'ListingTerms',
  'Possession',
  'ExpirationDate',
  'Owners',
] as const;
export const ZReturnReasonFieldSchema = z.enum(RETURN_REASON_FIELDS);

export const ZApproveListingRequestSchema = z.object({
  mlsNumber: singleLineText()
    .trim()
    .min(1, 'Enter the MLS number the MLS gave the listing.')
    .max(40, 'An MLS number is at most 40 characters.')
    .regex(/^[A-Za-z0-9-]*$/, 'An MLS number has only letters, digits and hyphens.'),
  /** The board's slug: required when the listing has none (no MLS confirmed for the county). */
  board: singleLineText().max(80).optional(),
});
export type TApproveListingRequest = z.infer<typeof ZApproveListingRequestSchema>;

export const ZSendBackRequestSchema = z.object({
  reasons: z
    .array(
      z.object({
        field: ZReturnReasonFieldSchema,
        reason: multilineText()
          .trim()
          .min(1, 'Say what to fix.')
          .max(1000, 'Keep each reason under 1,000 characters.'),
      }),
    )
    .min(1, 'Give at least one reason, next to the field it concerns.')
    .max(30),
});
export type TSendBackRequest = z.infer<typeof ZSendBackRequestSchema>;

export const ZRejectListingRequestSchema = z.object({
  reason: multilineText()
    .trim()
    .min(1, 'Say why the listing cannot go on an MLS; the owners read it.')
    .max(2000, 'Keep the reason under 2,000 characters.'),
});
export type TRejectListingRequest = z.infer<typeof ZRejectListingRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Change requests

export const ZResoStandardStatusSchema = z.enum(RESO_STANDARD_STATUSES);
export const ZChangeRequestKindSchema = z.enum(CHANGE_REQUEST_KINDS);
export const ZChangeRequestStatusSchema = z.enum(CHANGE_REQUEST_STATUSES);

/**
 * Statuses an owner may ask for: back to Active (a sale fell through, a withdrawn listing returns),
 * under contract, pending, withdrawn, canceled, closed. Expired is set when the end date passes.
 */
export const REQUESTABLE_STATUSES = [
  'Active',
  'ActiveUnderContract',
  'Pending',
  'Withdrawn',
  'Canceled',
  'Closed',
] as const satisfies readonly TResoStandardStatus[];

export const STANDARD_STATUS_LABELS: Record<TResoStandardStatus, string> = {
  Active: 'Active',
  ActiveUnderContract: 'Active under contract',
  Pending: 'Pending',
  Withdrawn: 'Withdrawn',
  Canceled: 'Canceled',
  Expired: 'Expired',
  Closed: 'Closed',
};

/** At most this many price changes in a rolling window (issue 18). */
export const PRICE_CHANGE_LIMIT = { count: 3, days: 30 } as const;
/** The reminder before ExpirationDate (issue 18). */
export const EXPIRY_REMINDER_DAYS = 14;

const isoDay = z.iso.date('Enter a date.');

export const ZPriceChangeSchema = z.object({
  kind: z.literal('price'),
  ListPrice: z.coerce
    .number('Enter the new price in dollars.')
    .int('Enter whole dollars.')
    .min(1, 'Enter the new price in dollars.')
    .max(1_000_000_000, 'Check the price: it is over a billion dollars.'),
});
export const ZRemarksChangeSchema = z.object({
  kind: z.literal('remarks'),
  // The listing form's own rules (issue 16): no contact details in public remarks.
  PublicRemarks: multilineText()
    .trim()
    .min(1, 'Write the new remarks.')
    .max(PUBLIC_REMARKS_MAX, MLS_LISTING_FIELD_MESSAGES.PublicRemarksTooLong)
    .superRefine((v, ctx) => {
      for (const f of findContactDetails(v)) {
        ctx.addIssue({
          code: 'custom',
          message: MLS_LISTING_TEXTS.remarksContact(f.kind, f.found),
        });
      }
    }),
});
export const ZPhotosChangeSchema = z.object({
  kind: z.literal('photos'),
  /** What to change, in the owner's words; the photos as they are now go with it. */
  instructions: multilineText()
    .trim()
    .min(1, 'Say what should change in the photos.')
    .max(2000, 'Keep it under 2,000 characters.'),
  /**
   * The photos the listing should have, in order (issue 39): hashes of its own photos and of
   * photographs delivered to the property. Staff send them to the MLS and, marking the change
   * done, the listing takes this set. Absent: the instructions alone say what to change.
   */
  photos: z
    .array(ZPhotoHashSchema)
    .min(1, 'Choose at least one photo.')
    .max(PHOTO_LIMITS.maxPhotos, `A listing can have at most ${PHOTO_LIMITS.maxPhotos} photos.`)
    .optional(),
});
export const ZStatusChangeSchema = z.object({
  kind: z.literal('status'),
  StandardStatus: z.enum(REQUESTABLE_STATUSES, 'Choose the new status.'),
  /** Closed only: the sale price (dollars) and closing date. */
  ClosePrice: z.coerce
    .number('Enter the sale price in dollars.')
    .int('Enter whole dollars.')
    .min(1, 'Enter the sale price in dollars.')
    .max(1_000_000_000, 'Check the price: it is over a billion dollars.')
    .optional(),
  CloseDate: isoDay.optional(),
  /** Closed only: "Show the sale price to other Lantern customers" (issue 37), off unless ticked. */
  ShowClosePrice: z.boolean().optional(),
});
export const ZRenewalChangeSchema = z.object({
  kind: z.literal('renewal'),
  ExpirationDate: isoDay,
});

export const ZChangeRequestDetailsSchema = z.discriminatedUnion('kind', [
  ZPriceChangeSchema,
  ZRemarksChangeSchema,
  ZPhotosChangeSchema,
  ZStatusChangeSchema,
  ZRenewalChangeSchema,
]);
export type TChangeRequestDetails = z.infer<typeof ZChangeRequestDetailsSchema>;

export const ZChangeRequestCreateSchema = z
  .object({ property: ZPropertyHashSchema, details: ZChangeRequestDetailsSchema })
  .and(ZEsignConsentSchema);
export type TChangeRequestCreate = z.infer<typeof ZChangeRequestCreateSchema>;

export const ZChangeRequestSchema = z.object({
  hash: z.string(),
  kind: ZChangeRequestKindSchema,
  status: ZChangeRequestStatusSchema,
  details: ZChangeRequestDetailsSchema,
  /** One line saying what was asked ("Price to $425,000"). */
  summary: z.string(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  staffNote: z.string().nullable(),
  document: z.string().nullable(),
});
export type TChangeRequest = z.infer<typeof ZChangeRequestSchema>;

/** One line for a change: the manage page, the staff queue and the mails say it the same way. */
export function changeSummary(d: TChangeRequestDetails): string {
  switch (d.kind) {
    case 'price':
      return `Price to $${d.ListPrice.toLocaleString('en-US')}`;
    case 'remarks':
      return 'New public remarks';
    case 'photos':
      return 'Photo changes';
    case 'status':
      return d.StandardStatus === 'Closed' && d.ClosePrice && d.CloseDate
        ? `Closed at $${d.ClosePrice.toLocaleString('en-US')} on ${d.CloseDate}`
        : `Status to ${STANDARD_STATUS_LABELS[d.StandardStatus]}`;
    case 'renewal':
      return `Renewal to ${d.ExpirationDate}`;
  }
}

export const CHANGE_KIND_LABELS: Record<TChangeRequestKind, string> = {
  price: 'Price',
  remarks: 'Remarks',
  photos: 'Photos',
  status: 'Status',
  renewal: 'Renewal',
};

export const CHANGE_STATUS_LABELS = {
  pending: 'Waiting for us',
  completed: 'Done',
  declined: 'Declined',
} as const;

export const ZStaffDecisionSchema = z.object({
  note: multilineText().trim().max(2000, 'Keep the note under 2,000 characters.').optional(),
});
export const ZDeclineChangeSchema = z.object({
  note: multilineText()
    .trim()
    .min(1, 'Say why; the owners read it.')
    .max(2000, 'Keep the note under 2,000 characters.'),
});

// ---------------------------------------------------------------------------------------------
// Texts (our own words)

export const LISTING_LIFECYCLE_TEXTS = {
  // Sign
  signTitle: 'Sign the listing agreement',
  signIntro:
    'Every owner named on the listing signs the Exclusive Agency listing agreement. Co-owners get an invitation by email, sign in and sign here. Once the last owner signs, the listing goes to our team for review.',
  downloadUnsigned: 'Download the agreement (PDF)',
  downloadSigned: 'Download the signed agreement (PDF)',
  signButton: 'Sign the agreement',
  signed: 'You have signed. Thank you.',
  waitingFor: (names: string) => `Waiting for ${names} to sign.`,
  allSigned: 'Every owner has signed. The listing is with our team for review.',
  replaced:
    'The listing changed after some owners signed, so this is a new copy of the agreement and everyone signs it again.',
  notOwner:
    'Only the owners named on the listing sign the agreement. If you are an owner, ask whoever manages the listing to add you as an owner with your own email address.',
  signEditorsOnly: 'Ask a participant who can edit the listing to open the agreement first.',
  alreadySigned: 'You have already signed this agreement.',
  documentReplaced:
    'The agreement changed since you opened the page (the listing was edited). Read the new copy and sign again.',
  payFirst: 'Pay for the listing first; the agreement is signed after payment.',
  hashLabel: 'SHA-256 of the PDF',
  // Review (customer)
  reviewTitle: 'Review by our team',
  inReview:
    'Our team is checking your listing before it goes on the MLS. We will email you and tell you here when it is done, usually within one business day.',
  returned:
    'Our team sent the listing back. Fix what is noted beside each field, then sign again to resubmit.',
  rejected: (reason: string) =>
    `We cannot put this listing on an MLS: ${reason} Your payment has been refunded in full.`,
  live: (mlsNumber: string, board: string) =>
    `Your listing is live on ${board} as MLS number ${mlsNumber}.`,
  // Review (staff)
  boardNeeded: 'No MLS is confirmed for this county: choose the one the listing goes on.',
  boardUnknown: 'Choose an MLS from the list.',
  notSubmitted: 'Only a submitted listing can be reviewed. Someone may have decided on it already.',
  refundFailed:
    'The refund could not be made, so the listing was not marked as not listable. See the invoice for details and try again.',
  // Manage
  manageTitle: 'Manage your live listing',
  notLive: 'The listing is not live yet. You can ask for changes once it is on the MLS.',
  offerReminder:
    'When you accept an offer, tell us within one business day with a status change to Active under contract or Pending, so the MLS stays accurate.',
  closingReminder:
    'When the sale closes, tell us within one business day with a status change to Closed, giving the sale price and closing date.',
  priceLimit: (nextDate: string) =>
    `You can change the price 3 times in 30 days. You can ask for the next change on ${nextDate}.`,
  closeNeedsPriceAndDate: 'Give the sale price and the closing date.',
  closeDateFuture: 'The closing date cannot be in the future.',
  sameStatus: (label: string) => `The listing is already ${label}.`,
  samePrice: 'That is the price the listing has now.',
  listingEnded: (label: string) =>
    `The listing is ${label}; it can no longer be changed. Order a new MLS listing to list again.`,
  renewalDate: 'The new end date must be after the current one and at most 730 days from today.',
  renewalOpen: 'A renewal is already waiting for signatures.',
  changeSent: 'Your signed change form is with our team. We will email you when it is done.',
  requestEditorsOnly: 'Only participants who can edit the listing ask for changes.',
  changeDone: 'The change is done.',
  changeNotPending: 'This change request has been decided already.',
} as const;

// ---------------------------------------------------------------------------------------------
// Manage (issue 18, "Manage (once live)"): the live listing's page, its change requests, the
// renewal, and staff's queue of changes.

/** Statuses that end a listing: nothing more can be asked on it (order a new listing instead). */
export const ENDED_STATUSES = [
  'Closed',
  'Canceled',
  'Expired',
] as const satisfies readonly TResoStandardStatus[];

/** The longest a renewal may run from today (as for the listing's first end date). */
export const RENEWAL_MAX_DAYS = 730;

/** A listing's end date or a change's day, as people read it: "December 24, 2026". */
export function formatListingDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

/** POST renew: the new end date, signed at once by the owner asking (a new agreement). */
export const ZRenewFieldsSchema = z.object({ ExpirationDate: isoDay });
export const ZRenewRequestSchema = z
  .object({ property: ZPropertyHashSchema })
  .extend(ZRenewFieldsSchema.shape)
  .and(ZEsignConsentSchema);
export type TRenewRequest = z.infer<typeof ZRenewRequestSchema>;

const ZDisclosureSchema = z.object({
  version: z.string(),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), text: z.string() })),
  consentLabel: z.string(),
});

/** GET manage: the live listing as it stands, what may be asked, and what was. */
export const ZListingManageSchema = z.object({
  hash: z.string(),
  status: z.enum(MLS_LISTING_STATUSES),
  standardStatus: ZResoStandardStatusSchema,
  /** Closed, Canceled or Expired: nothing more can be asked. */
  ended: z.boolean(),
  mlsNumber: z.string().nullable(),
  board: z.string().nullable(),
  liveAt: z.string().nullable(),
  ListPrice: z.number().nullable(),
  PublicRemarks: z.string().nullable(),
  ExpirationDate: z.string().nullable(),
  /** The sale as staff recorded it (a completed change to Closed). */
  closed: z.object({ ClosePrice: z.number(), CloseDate: z.string() }).nullable(),
  canEdit: z.boolean(),
  /** The person asking is an owner named on the listing: owners sign change forms. */
  youAreOwner: z.boolean(),
  photoCount: z.number().int(),
  /** The photos on the MLS: the set staff last sent (the listing's ready photos, in order). */
  photos: z.array(ZListingPhotoSchema),
  priceChanges: z.object({
    used: z.number().int(),
    limit: z.number().int(),
    days: z.number().int(),
    /** At the limit: the first day another may be asked (YYYY-MM-DD), and the refusal in words. */
    nextOn: z.string().nullable(),
    refusal: z.string().nullable(),
  }),
  /** Statuses the owner may ask for now (not the current one). */
  requestableStatuses: z.array(ZResoStandardStatusSchema),
  /** A renewal waiting for owners' signatures (they sign it on the Sign page). */
  renewal: ZSigningDocumentSchema.nullable(),
  /** The signed listing agreement's document hash (its PDF downloads from the page). */
  agreement: z.string().nullable(),
  /** Change requests, newest first; each one's signed form downloads by its document hash. */
  changes: z.array(ZChangeRequestSchema),
  disclosure: ZDisclosureSchema,
});
export type TListingManage = z.infer<typeof ZListingManageSchema>;

export const ZChangeSentSchema = z.object({ change: ZChangeRequestSchema, message: z.string() });
export type TChangeSent = z.infer<typeof ZChangeSentSchema>;

export const ZRenewSentSchema = z.object({
  document: ZSigningDocumentSchema,
  /** Every owner has signed: the renewal is with staff. */
  completed: z.boolean(),
  message: z.string(),
});
export type TRenewSent = z.infer<typeof ZRenewSentSchema>;

/** Staff's queue of change requests: waiting ones first by default, oldest first. */
export const ZAdminChangesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created']).default('created'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  status: z.enum(['pending', 'completed', 'declined', 'all']).default('pending'),
});
export type TAdminChangesQuery = z.input<typeof ZAdminChangesQuerySchema>;

export const ZAdminChangeRowSchema = ZChangeRequestSchema.extend({
  listing: z.string(),
  property: z.object({
    hash: z.string(),
    streetAddress: z.string(),
    unit: z.string().nullable(),
    city: z.string(),
    state: z.string(),
  }),
  mlsNumber: z.string().nullable(),
  standardStatus: ZResoStandardStatusSchema.nullable(),
  requestedByEmail: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type TAdminChangeRow = z.infer<typeof ZAdminChangeRowSchema>;
export const ZAdminChangesPageSchema = pageSchema(ZAdminChangeRowSchema);

/** Staff's decision made: the request as it now stands. */
export const ZChangeDecidedSchema = z.object({ change: ZChangeRequestSchema, message: z.string() });

export const ZAdminChangeParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });
export const ZAdminChangePhotoParamsSchema = ZAdminChangeParamsSchema.extend({
  photo: ZPhotoHashSchema,
  size: z.enum(['thumb', 'web', 'original']),
});
export const ZAdminDocumentParamsSchema = z.object({
  hash: singleLineText().min(1).max(64),
  document: singleLineText().min(1).max(64),
});
export const ZAdminDocumentQuerySchema = z.object({ copy: ZDocumentCopySchema.default('signed') });

export const LISTING_MANAGE_TEXTS = {
  statusTitle: 'Where the listing stands',
  priceTitle: 'Change the price',
  priceUsed: (used: number) =>
    `${used} of ${PRICE_CHANGE_LIMIT.count} price changes used in the last ${PRICE_CHANGE_LIMIT.days} days.`,
  newPrice: 'New list price (dollars)',
  remarksTitle: 'Change the public remarks',
  newRemarks: 'New public remarks',
  photosTitle: 'Change the photos',
  photosNote:
    'Photos of a live listing are changed by our team. Choose the photos the listing should have, in order — its own and any our photographer delivered — and say anything else to change, such as captions.',
  photosInstructions: 'What should change in the photos',
  photosOnMls: 'Photos on the MLS',
  photosOnMlsNote: 'The photos our team last sent to the MLS, in their order.',
  photosChoose: 'The photos the listing should have, in order',
  photosChooseHint:
    'Tick them in the order they should appear; leave them all unticked to describe the change in words only.',
  photosDelivered: 'Delivered by our photographer',
  photosUnknown: 'Choose among the listing’s photos and the photographs delivered for this home.',
  statusChangeTitle: 'Change the status',
  newStatus: 'New status',
  closePrice: 'Sale price (dollars)',
  closeDate: 'Closing date',
  renewalTitle: 'Renew the listing',
  renewalIntro:
    'A renewal is a new agreement with a later end date. Every owner named on the listing signs it; you sign here, the others on the Sign page.',
  newEndDate: 'New end date',
  renewalWaiting: 'A renewal is waiting for signatures.',
  renewThroughRenewal:
    'A renewal is a new agreement every owner signs: ask for it under Renew the listing.',
  signRenewalLink: 'Sign the renewal',
  signAndSend: 'Sign and send',
  requestsTitle: 'Your change requests',
  noRequests: 'No changes asked for yet.',
  staffNote: 'Our note',
  downloadForm: 'Download the signed form (PDF)',
  ownersOnly:
    'Only the owners named on the listing sign change forms. Ask one of them to send this change.',
  renewalStarted:
    'You have signed the renewal. The other owners have been emailed to sign it on the Sign page; once they all have, our team changes the end date on the MLS.',
  renewalSent:
    'Every owner has signed the renewal. Our team will change the end date on the MLS and email you when it is done.',
  renewalSignTitle: 'Sign the renewal',
  renewalSignIntro:
    'Every owner named on the listing signs the renewal. Once the last owner signs, our team changes the end date on the MLS.',
  renewalAllSigned: 'Every owner has signed the renewal.',
  agreementSigned: 'Every owner has signed the listing agreement. The listing is live.',
  backToManage: 'Back to Manage',
  // Staff
  queueTitle: 'Listing changes',
  completeButton: 'Mark done',
  declineButton: 'Decline',
  declineNote: 'Why it cannot be made (the owners read this)',
  completeNote: 'Note to the owners (optional)',
  changeDeclined: 'The change was declined. The owners have been emailed with your note.',
  endedForStaff: (label: string) =>
    `The listing is ${label}: this change can no longer be made. Decline it instead.`,
  photosManual:
    'Photo changes are made by hand: change the photos on the MLS, then mark this done.',
  photosGone:
    'A photo the owners chose is no longer on the listing or delivered for this home. Decline the change so they can ask again.',
  photosSet: (n: number) =>
    `The owners chose ${n} photo${n === 1 ? '' : 's'}, in this order. Send them to the MLS; marking this done gives the listing the same set.`,
} as const;
