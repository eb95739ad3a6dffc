/**
 * The MLS listing's steps, states and the enums its tables use (issues 16 and 18;
 * docs/decisions/031-mls-listing-builder.md, 032-mls-listing-sign-review-manage.md).
 * No imports: the database schema reads these for its enums.
 */

/**
 * The listing's steps, in order (spec 2: location, form, services, photos, payment, sign, review,
 * manage). Only the first four are ever stored as done; payment, sign and review follow the
 * invoices, the signatures and staff's decision, and manage is where a live listing stays.
 */
export const MLS_LISTING_STEPS = [
  'location',
  'form',
  'services',
  'photos',
  'payment',
  'sign',
  'review',
  'manage',
] as const;
export type TMlsListingStep = (typeof MLS_LISTING_STEPS)[number];

/**
 * draft: being built or signed. submitted: paid and signed by every owner, waiting for staff.
 * returned: staff or the concierge sent it back with reasons. live: on the MLS. rejected: cannot
 * be listed (the invoice was refunded in full). concierge: signed by every owner and with the
 * property's concierge before staff (issue 24, docs/decisions/048).
 */
export const MLS_LISTING_STATUSES = [
  'draft',
  'submitted',
  'returned',
  'live',
  'rejected',
  'concierge',
] as const;
export type TMlsListingStatus = (typeof MLS_LISTING_STATUSES)[number];

/** RESO DD 2.0 StandardStatus values a live listing moves through (the ones the issue names). */
export const RESO_STANDARD_STATUSES = [
  'Active',
  'ActiveUnderContract',
  'Pending',
  'Withdrawn',
  'Canceled',
  'Expired',
  'Closed',
] as const;
export type TResoStandardStatus = (typeof RESO_STANDARD_STATUSES)[number];

/** processing: stored, web sizes being made. ready: shown. refused: kept only to say why. */
export const PHOTO_STATUSES = ['processing', 'ready', 'refused'] as const;
export type TPhotoStatus = (typeof PHOTO_STATUSES)[number];

/**
 * What the signing service signs: the listing agreement (and its renewals), change forms, and
 * settlement's commission disbursement authorisations (decision 049).
 */
export const SIGNING_DOCUMENT_KINDS = [
  'listing_agreement',
  'renewal',
  'change_form',
  'settlement_cda',
] as const;
export type TSigningDocumentKind = (typeof SIGNING_DOCUMENT_KINDS)[number];

/** awaiting: some signer has not signed. signed: every one has. superseded: replaced unsigned. */
export const SIGNING_DOCUMENT_STATUSES = ['awaiting', 'signed', 'superseded'] as const;
export type TSigningDocumentStatus = (typeof SIGNING_DOCUMENT_STATUSES)[number];

/** The changes an owner asks for on a live listing, each an e-signed change form. */
export const CHANGE_REQUEST_KINDS = ['price', 'remarks', 'photos', 'status', 'renewal'] as const;
export type TChangeRequestKind = (typeof CHANGE_REQUEST_KINDS)[number];

/** pending: staff have it to do. completed: done on the MLS. declined: staff could not. */
export const CHANGE_REQUEST_STATUSES = ['pending', 'completed', 'declined'] as const;
export type TChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/**
 * What happened to a listing on its way to the MLS, one row each. The submissions report counts
 * the first four (REPORT_EVENT_KINDS); the concierge's (decisions 048, 065) and the owners' edits are the listing's history.
 */
export const LISTING_EVENT_KINDS = [
  'submitted',
  'approved',
  'returned',
  'rejected',
  'concierge_returned',
  'concierge_ready',
  'concierge_took',
  'concierge_edited',
  'concierge_handed',
  'owner_edited',
  'owner_accepted',
] as const;
export type TListingEventKind = (typeof LISTING_EVENT_KINDS)[number];

/** The events the submissions report counts: the owners' submissions and staff's decisions. */
export const REPORT_EVENT_KINDS = ['submitted', 'approved', 'returned', 'rejected'] as const;
export type TReportEventKind = (typeof REPORT_EVENT_KINDS)[number];
