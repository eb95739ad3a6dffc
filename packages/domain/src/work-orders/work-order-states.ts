/**
 * The work order constants the database schema needs too (issue 21, "Work orders"); the request
 * and answer shapes are in work-orders.ts. No zod here, so packages/db can import it alone.
 */

/** The trips we make to a property. */
export const WORK_ORDER_KINDS = {
  sign_post_install: { label: 'Sign post install' },
  sign_post_removal: { label: 'Sign post removal' },
  sign_post_swap: { label: 'Sign swap' },
  sign_post_repair: { label: 'Sign post repair' },
  lockbox_delivery: { label: 'Lockbox delivery' },
  lockbox_pickup: { label: 'Lockbox pickup' },
  photography: { label: 'Photography appointment' },
} as const satisfies Record<string, { label: string }>;
export type TWorkOrderKind = keyof typeof WORK_ORDER_KINDS;
export const WORK_ORDER_KIND_KEYS = Object.keys(WORK_ORDER_KINDS) as [
  TWorkOrderKind,
  ...TWorkOrderKind[],
];

/**
 * requested: asked for, no day yet. scheduled: a day is set. en_route: the assignee is on the
 * way. done: the trip's work is finished. failed: the trip could not be finished (a reason is
 * kept); staff may schedule it again. cancelled: no trip will be made.
 */
export const WORK_ORDER_STATES = {
  requested: { label: 'Requested' },
  scheduled: { label: 'Scheduled' },
  en_route: { label: 'En route' },
  done: { label: 'Done' },
  failed: { label: 'Failed' },
  cancelled: { label: 'Cancelled' },
} as const satisfies Record<string, { label: string }>;
export type TWorkOrderState = keyof typeof WORK_ORDER_STATES;
export const WORK_ORDER_STATE_KEYS = Object.keys(WORK_ORDER_STATES) as [
  TWorkOrderState,
  ...TWorkOrderState[],
];

/**
 * The legal moves, from each state. Entering `scheduled` needs a day (the schedule action);
 * done and cancelled are final. A failed trip may be scheduled again or cancelled.
 */
export const WORK_ORDER_TRANSITIONS: Readonly<Record<TWorkOrderState, readonly TWorkOrderState[]>> =
  {
    requested: ['scheduled', 'cancelled'],
    scheduled: ['en_route', 'failed', 'cancelled'],
    en_route: ['done', 'failed'],
    failed: ['scheduled', 'cancelled'],
    done: [],
    cancelled: [],
  };

/** The moves a field vendor makes on their own work: on the way, finished, or not possible. */
export const VENDOR_WORK_ORDER_MOVES = ['en_route', 'done', 'failed'] as const;
export type TVendorWorkOrderMove = (typeof VENDOR_WORK_ORDER_MOVES)[number];

/** Whether `from` may move to `to`. */
export const canMoveWorkOrder = (from: TWorkOrderState, to: TWorkOrderState) =>
  WORK_ORDER_TRANSITIONS[from].includes(to);

/** States in which the work order still needs someone (not done, failed or cancelled). */
export const OPEN_WORK_ORDER_STATES: readonly TWorkOrderState[] = [
  'requested',
  'scheduled',
  'en_route',
];

/** The sign post product rented for the listing; its install schedules its removal. */
export const SIGN_POST_RENTAL_SLUG = 'real-estate-sign-posts';

/**
 * Which trips an order of each product may need (products-catalogue.ts). Posts we rent out are
 * installed, swapped, repaired and removed; a bought post is installed and repaired but stays;
 * a sign goes onto a post (a swap); a lockbox is delivered and picked up; photos need a visit.
 * The yard signs' slug is `{product}-signs` for the site's name, hence `signsSlug`.
 */
export function workOrderKindsFor(
  productSlug: string,
  signsSlug: string,
): readonly TWorkOrderKind[] {
  if (productSlug === signsSlug) return ['sign_post_swap'];
  switch (productSlug) {
    case SIGN_POST_RENTAL_SLUG:
      return ['sign_post_install', 'sign_post_swap', 'sign_post_repair', 'sign_post_removal'];
    case 'sign-post-purchase':
      return ['sign_post_install', 'sign_post_repair'];
    case 'sign-purchase':
      return ['sign_post_swap'];
    case 'lockbox-rental':
      return ['lockbox_delivery', 'lockbox_pickup'];
    case 'photography':
      return ['photography'];
    default:
      return [];
  }
}

/** The product slugs whose orders may need a trip (the signs' slug given). */
export const workOrderProductSlugs = (signsSlug: string) => [
  SIGN_POST_RENTAL_SLUG,
  'sign-post-purchase',
  signsSlug,
  'sign-purchase',
  'lockbox-rental',
  'photography',
];

/** The dashboard product page where the customer follows each kind of trip. */
export const WORK_ORDER_PAGE_OF_KIND: Readonly<
  Record<TWorkOrderKind, 'signage' | 'lockbox-rental' | 'photography'>
> = {
  sign_post_install: 'signage',
  sign_post_removal: 'signage',
  sign_post_swap: 'signage',
  sign_post_repair: 'signage',
  lockbox_delivery: 'lockbox-rental',
  lockbox_pickup: 'lockbox-rental',
  photography: 'photography',
};

/**
 * Whether the property's customers see a trip's proof photos (decision 066): once staff approved
 * them, not before (staff and the assignee see them all along).
 */
export const proofShownToCustomers = (wo: {
  state: TWorkOrderState;
  proofReview: TProofReview | null;
}) => wo.state === 'done' && wo.proofReview === 'approved';

/** Proof photos of a finished trip: at most this many, which staff approve or reject. */
export const WORK_ORDER_MAX_PHOTOS = 8;

/** Staff's review of a done trip's proof photos. */
export const PROOF_REVIEWS = {
  pending: { label: 'Waiting for review' },
  approved: { label: 'Approved' },
  rejected: { label: 'Rejected' },
} as const satisfies Record<string, { label: string }>;
export type TProofReview = keyof typeof PROOF_REVIEWS;
export const PROOF_REVIEW_KEYS = Object.keys(PROOF_REVIEWS) as [TProofReview, ...TProofReview[]];

/** A photography shoot's delivery (issue 39): uploaded, sent for review, then delivered or sent back. */
export const PHOTO_SHOOT_STATUSES = {
  uploading: { label: 'Being uploaded' },
  submitted: { label: 'Waiting for review' },
  approved: { label: 'Delivered' },
  returned: { label: 'Sent back to the photographer' },
} as const satisfies Record<string, { label: string }>;
export type TPhotoShootStatus = keyof typeof PHOTO_SHOOT_STATUSES;
export const PHOTO_SHOOT_STATUS_KEYS = Object.keys(PHOTO_SHOOT_STATUSES) as [
  TPhotoShootStatus,
  ...TPhotoShootStatus[],
];
