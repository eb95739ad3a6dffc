import type { TPhotoSizeName } from '@lantern/domain';
import { z } from 'zod';
import { ZPropertyQuerySchema } from '../dashboard/property-hash.ts';

/**
 * Issue 39, the concierge listing (docs/decisions/065): the concierge assigned to a property
 * with a paid concierge-listing order opens the owners' MLS listing draft, fills or corrects its
 * location, form and photos, and hands it back; the owners review each change beside the value
 * they had, accept, and sign as before. The concierge's endpoints mirror the owners' own
 * (MLS_LISTING_API) under their own prefix, with the property's hash the same way, so the
 * builder's step pages serve both.
 */
const BASE = '/api/vendor/concierge/draft';
export const CONCIERGE_DRAFT_API = {
  /** GET ?property=: the draft as the owners' builder reads it (TMlsListingResponse). */
  listing: BASE,
  /** POST {property}: open the draft to work on it (the owners then read it only). */
  take: `${BASE}/take`,
  location: `${BASE}/location`,
  form: `${BASE}/form`,
  photos: `${BASE}/photos`,
  photosOrder: `${BASE}/photos/order`,
  photo: (hash: string) => `${BASE}/photos/${encodeURIComponent(hash)}`,
  photoCaption: (hash: string) => `${BASE}/photos/${encodeURIComponent(hash)}/caption`,
  photoFile: (hash: string, size: TPhotoSizeName) =>
    `${BASE}/photos/${encodeURIComponent(hash)}/${size}`,
  /** GET ?property=: the photographer's delivered photos (decision 064), for the draft. */
  photography: `${BASE}/photography`,
  /** POST {property, photos}: copy chosen delivered photos into the held draft. */
  photographyUse: `${BASE}/photography/use`,
  photographyFile: (photo: string, size: 'thumb' | 'web') =>
    `${BASE}/photography/photos/${encodeURIComponent(photo)}/${size}`,
  /** POST {property}: hand the draft to the owners for their review. */
  handOver: `${BASE}/hand-over`,
} as const;

/** The owners' side: accept every change the concierge handed over (then sign as before). */
export const MLS_LISTING_CONCIERGE_API = {
  accept: '/api/dashboard/mls-listing/concierge-changes/accept',
} as const;

export const CONCIERGE_DRAFT_PAGES = {
  /** The concierge's builder: /vendor/concierge/draft/{step}?property={hash}. */
  step: (step: 'location' | 'form' | 'photos' | 'handover') => `/vendor/concierge/draft/${step}`,
} as const;

export const ZConciergeDraftRequestSchema = ZPropertyQuerySchema;
export type TConciergeDraftRequest = z.infer<typeof ZConciergeDraftRequestSchema>;

/** One change the concierge made, with the value the owners had before (in words). */
export const ZConciergeChangeSchema = z.object({
  /** A RESO field name, `PropertyType`, `PropertySubType`, `board` or `photos`. */
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});
export type TConciergeChange = z.infer<typeof ZConciergeChangeSchema>;

/**
 * The concierge's part in the owners' listing: who holds it now (null when nobody does), and
 * the changes waiting for the owners' review once it was handed back (null when none wait).
 */
export const ZListingConciergeStateSchema = z.object({
  heldBy: z.string().nullable(),
  handedAt: z.string().nullable(),
  changes: z.array(ZConciergeChangeSchema).nullable(),
});
export type TListingConciergeState = z.infer<typeof ZListingConciergeStateSchema>;

export const CONCIERGE_LISTING_TEXTS = {
  /** The owners' 409 while the concierge holds the draft, and the banner over their pages. */
  heldBy: (name: string) =>
    `${name}, your concierge, is working on this listing. You can read it; you can change it again once they hand it back to you.`,
  changedMeanwhile:
    'This listing changed hands while you were editing it. Reload the page to see where it stands.',
  reviewFirst:
    'Your concierge changed this listing. Review their changes and accept them before signing.',
  nothingToAccept: 'There are no changes from your concierge waiting for you.',
  accepted: 'Changes accepted. You can edit the listing and sign it.',
  reviewTitle: 'Changes from your concierge',
  reviewIntro: (name: string) =>
    `${name} changed these fields. Each shows what you had before and what it is now.`,
  acceptButton: 'Accept the changes',
  beforeLabel: 'Before',
  afterLabel: 'Now',
  empty: '(empty)',
  // The concierge's side
  notConciergeListing:
    'This listing has no paid concierge listing, so you cannot work on its draft. You can review it once its owners sign.',
  notDraft: 'Only a draft can be worked on: this listing has been signed.',
  heldByOther: 'Another concierge is working on this draft.',
  pendingReview:
    'The owners have not yet reviewed your last changes. You can open the draft again once they accept them.',
  notHeld: 'Open the draft for editing first.',
  takeButton: 'Work on this draft',
  taken: 'The draft is yours to edit. The owners read it until you hand it back.',
  handOverButton: 'Hand back to the owners',
  handedOver: 'Handed back: the owners will review your changes and sign.',
  draftIntro:
    'The owners bought a concierge listing: fill in or correct every step, then hand the draft back to them to review and sign.',
  photographyTitle: "The photographer's photos",
  photographyIntro:
    'Photos our photographer delivered for this property. Choose the ones for the listing; they are added after its photos, in the order chosen.',
  photographyNone: 'No photos from our photographer have been delivered for this property yet.',
  photographyAdd: "Add the photographer's photos",
  photographyChoose: 'Choose at least one photo to add.',
  photographyPick: (fileName: string) => `Add ${fileName}`,
  photosLabel: 'Photos',
  photoCount: (n: number, names: string) =>
    n === 0 ? '(no photos)' : `${n} photo${n === 1 ? '' : 's'}: ${names}`,
} as const;
