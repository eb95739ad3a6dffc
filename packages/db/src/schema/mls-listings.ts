import {
  CHANGE_REQUEST_KINDS,
  CHANGE_REQUEST_STATUSES,
  LISTING_EVENT_KINDS,
  MLS_LISTING_STATUSES,
  MLS_LISTING_STEPS,
  PHOTO_STATUSES,
  RESO_STANDARD_STATUSES,
  SIGNING_DOCUMENT_KINDS,
  SIGNING_DOCUMENT_STATUSES,
} from '@lantern/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, keyColumns, serialId, tz, updatedAt } from './columns.ts';
import { fsboListings } from './fsbo-listings.ts';
import { mlsBoards } from './mls.ts';
import { orders } from './orders.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';
import { workOrders } from './work-orders.ts';

/** The listing's steps (issues 16 and 18); only the first four are ever stored as done. */
export const mlsListingStep = pgEnum('mls_listing_step', MLS_LISTING_STEPS);
export const mlsListingStatus = pgEnum('mls_listing_status', MLS_LISTING_STATUSES);
export const resoStandardStatus = pgEnum('reso_standard_status', RESO_STANDARD_STATUSES);

/**
 * The customer's MLS listing of a property (docs/decisions/031-mls-listing-builder.md): one per
 * MLS listing order, built step by step as a draft. The form's RESO fields are kept as one JSON
 * object checked by the contract's schema on every save, so a half-filled draft is stored as it is.
 */
export const mlsListings = pgTable(
  'mls_listings',
  {
    ...keyColumns(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The mls-listing-state / mls-listing-local order this listing fulfils. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: mlsListingStatus('status').notNull().default('draft'),
    /** Steps saved at least once; a step opens only when the ones before it are here. */
    completedSteps: mlsListingStep('completed_steps').array().notNull().default(sql`'{}'`),
    /** The MLS the listing goes on; null while no board is confirmed for the county. */
    boardId: integer('board_id').references(() => mlsBoards.id),
    /** RESO PropertyType / PropertySubType lookup values. */
    propertyType: text('property_type'),
    propertySubType: text('property_sub_type'),
    /** The listing form under RESO DD 2.0 field names (contracts: ZMlsListingFormSchema). */
    fields: jsonb('fields').notNull().default({}),
    /** When the last owner signed and it went to staff (the review queue's order). */
    submittedAt: tz('submitted_at'),
    /** Staff's reasons when they sent it back: field name (or "listing") → reasons shown beside it. */
    returnReasons: jsonb('return_reasons'),
    /** The listing's number on its MLS, entered by staff on approval. */
    mlsNumber: text('mls_number'),
    /** RESO StandardStatus once live (Active at approval). */
    standardStatus: resoStandardStatus('standard_status'),
    liveAt: tz('live_at'),
    /** Why staff could not list it (the invoice was refunded in full). */
    rejectedReason: text('rejected_reason'),
    /** The ExpirationDate the 14-day reminder was sent for (a renewal moves the date: sent again). */
    expiryRemindedFor: text('expiry_reminded_for'),
    /**
     * The concierge working on the draft now (concierge listing, decision 065): while set, the
     * owners read it and only this concierge writes.
     */
    conciergeHolderId: integer('concierge_holder_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * The listing as the owners last accepted it (type, board, form, photos), taken when a
     * concierge opens it; the owners review every change against it, and accepting clears it.
     */
    conciergeBefore: jsonb('concierge_before'),
    /** When the concierge handed it back to the owners (their review is pending). */
    conciergeHandedAt: tz('concierge_handed_at'),
    /**
     * What the owners agreed may travel beyond our site (issue 49): chosen on the listing
     * agreement (contracts: ZListingSyndicationSchema); null until chosen, which sends nothing.
     */
    syndication: jsonb('syndication'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mls_listings_order_idx').on(t.orderId),
    index('mls_listings_property_idx').on(t.propertyId),
    index('mls_listings_status_idx').on(t.status, t.submittedAt),
  ],
);

export const photoStatus = pgEnum('photo_status', PHOTO_STATUSES);

/**
 * A listing's photos. The original is stored as uploaded (after a magic-byte check); a job
 * makes the web sizes. `position` orders them; the first is the primary photo.
 */
export const listingPhotos = pgTable(
  'listing_photos',
  {
    ...keyColumns(),
    /** The MLS listing the photo belongs to, or (fsboListingId) the FSBO listing: exactly one. */
    listingId: integer('listing_id').references(() => mlsListings.id, { onDelete: 'cascade' }),
    fsboListingId: integer('fsbo_listing_id').references(() => fsboListings.id, {
      onDelete: 'cascade',
    }),
    /** Or (issue 21) the work order it is proof of: the assignee's photos of the finished work. */
    workOrderId: integer('work_order_id').references(() => workOrders.id, {
      onDelete: 'cascade',
    }),
    /** Or (issue 39) the photography shoot delivered on a photography work order. */
    shootWorkOrderId: integer('shoot_work_order_id').references(() => workOrders.id, {
      onDelete: 'cascade',
    }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    caption: text('caption').notNull().default(''),
    status: photoStatus('status').notNull().default('processing'),
    /** Why processing refused it, in the customer's words (e.g. too small). */
    error: text('error'),
    /** The name the file had on the customer's machine (shown, never used as a path). */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Storage key of the original; the sizes live beside it (storage adapter). */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listing_photos_listing_idx').on(t.listingId, t.position),
    index('listing_photos_fsbo_listing_idx').on(t.fsboListingId, t.position),
    index('listing_photos_work_order_idx').on(t.workOrderId, t.position),
    index('listing_photos_shoot_idx').on(t.shootWorkOrderId, t.position),
    check('listing_photos_bytes', sql`${t.bytes} > 0`),
    check(
      'listing_photos_one_owner',
      sql`num_nonnulls(${t.listingId}, ${t.fsboListingId}, ${t.workOrderId}, ${t.shootWorkOrderId}) = 1`,
    ),
  ],
);

export const signingDocumentKind = pgEnum('signing_document_kind', SIGNING_DOCUMENT_KINDS);
export const signingDocumentStatus = pgEnum('signing_document_status', SIGNING_DOCUMENT_STATUSES);

/**
 * A document the signing service had signed (docs/decisions/032): the listing agreement, its
 * renewals and change forms. The unsigned PDF and its SHA-256 are fixed at creation, the signed PDF
 * (the original plus a certificate page) and its SHA-256 when the last signer signs; a trigger
 * (migration 0017) refuses any other change to them. `content` is what the PDF was made from.
 */
export const signingDocuments = pgTable(
  'signing_documents',
  {
    ...keyColumns(),
    kind: signingDocumentKind('kind').notNull(),
    listingId: integer('listing_id').references(() => mlsListings.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    templateVersion: text('template_version').notNull(),
    status: signingDocumentStatus('status').notNull().default('awaiting'),
    content: jsonb('content').notNull(),
    unsignedKey: text('unsigned_key').notNull(),
    unsignedSha256: text('unsigned_sha256').notNull(),
    signedKey: text('signed_key'),
    signedSha256: text('signed_sha256'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: tz('completed_at'),
  },
  (t) => [
    index('signing_documents_listing_idx').on(t.listingId, t.kind, t.createdAt),
    // One agreement (or renewal) waiting for signatures per listing at a time.
    uniqueIndex('signing_documents_open_idx')
      .on(t.listingId, t.kind)
      .where(sql`${t.status} = 'awaiting' and ${t.kind} <> 'change_form'`),
  ],
);

/**
 * Who must sign a document, and the trail of each signature: who (the account), when, from where
 * (IP, user agent), the ESIGN consent text's version and the SHA-256 of the unsigned PDF they saw.
 */
export const documentSigners = pgTable(
  'document_signers',
  {
    id: serialId(),
    documentId: integer('document_id')
      .notNull()
      .references(() => signingDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    signedAt: tz('signed_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    consentVersion: text('consent_version'),
    unsignedSha256: text('unsigned_sha256'),
  },
  (t) => [
    uniqueIndex('document_signers_email_idx').on(t.documentId, sql`lower(${t.email})`),
    check(
      'document_signers_trail',
      sql`${t.signedAt} is null or (${t.userId} is not null and ${t.ip} is not null and ${t.consentVersion} is not null and ${t.unsignedSha256} is not null)`,
    ),
  ],
);

/**
 * The listing as it stood at each signed step: the agreement as signed, and after each change
 * staff carried out. Never updated (a trigger refuses it): what was signed stays as it was.
 */
export const listingVersions = pgTable(
  'listing_versions',
  {
    id: serialId(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => mlsListings.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** The document that made this version (the agreement or the change form). */
    documentId: integer('document_id')
      .notNull()
      .references(() => signingDocuments.id, { onDelete: 'cascade' }),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('listing_versions_number_idx').on(t.listingId, t.number)],
);

export const changeRequestKind = pgEnum('change_request_kind', CHANGE_REQUEST_KINDS);
export const changeRequestStatus = pgEnum('change_request_status', CHANGE_REQUEST_STATUSES);

/** A change an owner asked for on a live listing: a signed change form staff carry out. */
export const listingChangeRequests = pgTable(
  'listing_change_requests',
  {
    ...keyColumns(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => mlsListings.id, { onDelete: 'cascade' }),
    kind: changeRequestKind('kind').notNull(),
    status: changeRequestStatus('status').notNull().default('pending'),
    /** What is asked (contracts: ZChangeRequestDetailsSchema), as signed on the change form. */
    details: jsonb('details').notNull(),
    documentId: integer('document_id').references(() => signingDocuments.id, {
      onDelete: 'set null',
    }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: tz('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Staff's words to the owners when declining (or a note when completing). */
    staffNote: text('staff_note'),
  },
  (t) => [
    index('listing_change_requests_listing_idx').on(t.listingId, t.kind, t.createdAt),
    index('listing_change_requests_status_idx').on(t.status, t.createdAt),
  ],
);

export const listingEventKind = pgEnum('listing_event_kind', LISTING_EVENT_KINDS);

/**
 * Each submission and each staff decision on a listing, with the MLS it concerned at that moment
 * (the submissions report counts them by day and board; the listing row keeps only its latest
 * state). Written in the transaction that makes the change.
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: serialId(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => mlsListings.id, { onDelete: 'cascade' }),
    kind: listingEventKind('kind').notNull(),
    boardId: integer('board_id').references(() => mlsBoards.id, { onDelete: 'set null' }),
    /** Who acted: the staff member, the concierge, or the owner for an edit (null for a submission). */
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** For an edit (concierge_edited / owner_edited): the step saved (location, form, photos). */
    step: text('step'),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_events_created_idx').on(t.createdAt),
    index('listing_events_listing_idx').on(t.listingId, t.createdAt),
  ],
);

export type MlsListing = typeof mlsListings.$inferSelect;
export type SigningDocument = typeof signingDocuments.$inferSelect;
export type DocumentSigner = typeof documentSigners.$inferSelect;
export type ListingVersion = typeof listingVersions.$inferSelect;
export type ListingChangeRequest = typeof listingChangeRequests.$inferSelect;
export type ListingPhoto = typeof listingPhotos.$inferSelect;
