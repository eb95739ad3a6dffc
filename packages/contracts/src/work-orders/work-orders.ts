import {
  PHOTO_SHOOT_STATUS_KEYS,
  PROOF_REVIEW_KEYS,
  VENDOR_WORK_ORDER_MOVES,
  WORK_ORDER_KIND_KEYS,
  WORK_ORDER_STATE_KEYS,
} from '@lantern/domain';
import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import {
  ZListingPhotoSchema,
  ZPhotoUploadResultSchema,
  ZPhotoUrlsSchema,
} from '../listings/photos.ts';
import { multilineText, singleLineText } from '../text.ts';

/**
 * Work orders (issue 21, "Work orders"): trips to a property for an order — sign posts, lockboxes,
 * photography — scheduled by the 2 pm cutoff in the property's time zone on business days,
 * assigned to staff or a field vendor, moved only along the legal transitions.
 */
export const WORK_ORDER_TEXTS = {
  order: 'Choose the order.',
  kind: 'Choose what the trip is for.',
  state: 'Choose a state.',
  day: 'Enter a day.',
  notesTooLong: 'Keep the note under 1000 characters.',
  reasonMissing: 'Say why the trip could not be finished.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  orderNoTrip: 'This order is not for a service we visit the property for.',
  kindNotForOrder: (kind: string, product: string) =>
    `A ${kind.toLowerCase()} is not part of a ${product} order.`,
  orderClosed: 'This order is cancelled; it needs no trip.',
  openAlready: (kind: string) =>
    `This order already has an open ${kind.toLowerCase()}. Schedule or cancel that one.`,
  beforeEarliest: (earliest: string) =>
    `This trip can be scheduled for ${earliest} at the earliest: requests made before 2 pm on a business day (in the property's time zone) can be scheduled for the next business day, later ones for the business day after.`,
  notBusinessDay: (day: string, why: string) =>
    `${day} is ${why}. Choose a weekday that is not a federal holiday.`,
  tooFar: 'Choose a day within a year.',
  cannotSchedule: (state: string) =>
    `This work order is ${state.toLowerCase()}; it cannot be scheduled.`,
  illegalMove: (from: string, to: string) =>
    `A work order that is ${from.toLowerCase()} cannot become ${to.toLowerCase()}.`,
  sameState: 'The work order is already in that state.',
  notAssignee:
    'Choose a staff member or a field vendor. Give the person the field vendor kind first if they are not one.',
  alreadyAssigned: 'The work order is already assigned to that person.',
  closedAssign: (state: string) =>
    `This work order is ${state.toLowerCase()}; its assignee can no longer change.`,
  noDayYet: 'Schedule the work order before moving it on.',
  tooManyPhotos: (max: number) => `A work order takes at most ${max} proof photos.`,
  photosNeeded: 'Add at least one photo of the finished work before marking it done (up to 8).',
  photosWhenEnRoute: 'Proof photos are added on the way or at the property (en route).',
  reviewNotPending: 'This work order has no proof photos waiting for review.',
  rejectReasonMissing: 'Say what is wrong with the work, for the customer and the assignee.',
  tripChargeOnlyFailed:
    'A trip charge goes with a failed trip: choose it when marking the trip failed.',
  tripChargeNeverFailed:
    'This work order has no failed trip, so there is nothing to charge a trip for.',
  tripChargeExists: (number: string) =>
    `This work order already has its trip charge (${number}). A work order carries one at most.`,
  tripChargeOrderCancelled: 'The order is cancelled; no trip charge can be added to it.',
  bookedByCustomer:
    'The customer booked this visit from the photographer’s hours. They can move it on their Photography page until 24 hours before; to change it yourself, cancel it and ask them to book again.',
} as const;

/**
 * What a failed trip may cost the customer (issue 21): staff choose to add it when a trip fails
 * (or later, on a work order that failed), as an invoice of its own on the same order, taxed at
 * the property's state rate like the service (docs/decisions/046).
 */
export const TRIP_CHARGE_CENTS = 5000;

/** A trip charge's invoice, beside the work order it charges for. */
export const ZTripChargeSchema = z.object({
  hash: z.string(),
  /** INV-000042 */
  number: z.string(),
  status: z.enum(['open', 'paid', 'void', 'partially_refunded', 'refunded']),
  totalCents: z.number().int(),
});
export type TTripCharge = z.infer<typeof ZTripChargeSchema>;

export const ZWorkOrderKindSchema = z.enum(WORK_ORDER_KIND_KEYS, { error: WORK_ORDER_TEXTS.kind });
export const ZWorkOrderStateSchema = z.enum(WORK_ORDER_STATE_KEYS, {
  error: WORK_ORDER_TEXTS.state,
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
export const ZWorkOrderDaySchema = singleLineText()
  .trim()
  .regex(ISO_DATE, WORK_ORDER_TEXTS.day)
  .refine(isRealDay, WORK_ORDER_TEXTS.day);

const hashParam = singleLineText().min(1).max(64);
export const ZWorkOrderParamsSchema = z.object({ hash: hashParam });

const notes = multilineText().trim().max(1000, WORK_ORDER_TEXTS.notesTooLong);
const reason = singleLineText().trim().max(500, WORK_ORDER_TEXTS.reasonTooLong);

const person = z.object({ hash: z.string(), name: z.string(), email: z.string() });

/** A work order as staff see it. */
export const ZWorkOrderSchema = z.object({
  hash: z.string(),
  kind: ZWorkOrderKindSchema,
  state: ZWorkOrderStateSchema,
  property: z.object({ hash: z.string(), address: z.string(), timeZone: z.string() }),
  order: z.object({ hash: z.string(), product: z.string() }),
  customer: person,
  assignee: person.nullable(),
  requestedAt: z.string(),
  /** The first day it may be scheduled for, by the 2 pm cutoff. */
  earliestDay: z.string(),
  scheduledDay: z.string().nullable(),
  notes: z.string(),
  failureReason: z.string().nullable(),
  /** Staff's review of the proof photos, once the trip is done. */
  proofReview: z.enum(PROOF_REVIEW_KEYS).nullable(),
  /** Proof photos stored and not refused by processing. */
  photoCount: z.number().int(),
  /** A photography visit's shoot (issue 39): null until the photographer starts delivering. */
  shootStatus: z.enum(PHOTO_SHOOT_STATUS_KEYS).nullable(),
  /** On an install of a rented post: the removal it created once approved. */
  removal: z.string().nullable(),
  /** The trip charge of a failed trip, when staff added one. */
  tripCharge: ZTripChargeSchema.nullable(),
  /** Whether a trip charge may be added now: the trip failed at least once and has none yet. */
  canAddTripCharge: z.boolean(),
  /** The photography appointment the customer booked: its start and end (ISO instants). */
  appointment: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWorkOrder = z.infer<typeof ZWorkOrderSchema>;
export const ZWorkOrdersPageSchema = pageSchema(ZWorkOrderSchema);

export const ZWorkOrderEventSchema = z.object({
  fromState: ZWorkOrderStateSchema.nullable(),
  toState: ZWorkOrderStateSchema,
  scheduledDay: z.string().nullable(),
  assignee: z.string().nullable(),
  note: z.string(),
  actor: z.string().nullable(),
  at: z.string(),
});
export const ZWorkOrderDetailSchema = ZWorkOrderSchema.extend({
  events: z.array(ZWorkOrderEventSchema),
  photos: z.array(ZListingPhotoSchema),
});
export type TWorkOrderDetail = z.infer<typeof ZWorkOrderDetailSchema>;

/** GET /api/admin/work-orders: filtered by state, kind and assignee (a hash, or `none`). */
export const ZWorkOrdersQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created', 'scheduled']).default('created'),
  state: ZWorkOrderStateSchema.optional(),
  kind: ZWorkOrderKindSchema.optional(),
  assignee: singleLineText().trim().max(64).optional(),
});
export type TWorkOrdersQuery = z.infer<typeof ZWorkOrdersQuerySchema>;

/** POST /api/admin/work-orders */
export const ZCreateWorkOrderRequestSchema = z.object({
  order: singleLineText().trim().min(1, WORK_ORDER_TEXTS.order).max(64),
  kind: ZWorkOrderKindSchema,
  notes: notes.default(''),
});
export type TCreateWorkOrderRequest = z.infer<typeof ZCreateWorkOrderRequestSchema>;

/** POST /api/admin/work-orders/{hash}/schedule */
export const ZScheduleWorkOrderRequestSchema = z.object({ day: ZWorkOrderDaySchema });
export type TScheduleWorkOrderRequest = z.infer<typeof ZScheduleWorkOrderRequestSchema>;

/** POST /api/admin/work-orders/{hash}/assign: a person's hash, or null to take it back. */
export const ZAssignWorkOrderRequestSchema = z.object({
  assignee: singleLineText().trim().min(1).max(64).nullable(),
});
export type TAssignWorkOrderRequest = z.infer<typeof ZAssignWorkOrderRequestSchema>;

/** POST /api/admin/work-orders/{hash}/state: staff move it (scheduling goes through /schedule). */
export const ZWorkOrderMoveRequestSchema = z
  .object({
    state: z.enum(['en_route', 'done', 'failed', 'cancelled'], { error: WORK_ORDER_TEXTS.state }),
    reason: reason.optional(),
    /** With failed: bill the customer the trip charge (TRIP_CHARGE_CENTS plus tax). */
    tripCharge: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.state === 'failed' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: WORK_ORDER_TEXTS.reasonMissing });
    if (b.tripCharge && b.state !== 'failed')
      ctx.addIssue({
        code: 'custom',
        path: ['tripCharge'],
        message: WORK_ORDER_TEXTS.tripChargeOnlyFailed,
      });
  });
export type TWorkOrderMoveRequest = z.infer<typeof ZWorkOrderMoveRequestSchema>;

/** POST /api/vendor/work-orders/{hash}/state: the assignee is on the way, finished, or could not. */
export const ZVendorWorkOrderMoveRequestSchema = z
  .object({
    state: z.enum(VENDOR_WORK_ORDER_MOVES, { error: WORK_ORDER_TEXTS.state }),
    reason: reason.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.state === 'failed' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: WORK_ORDER_TEXTS.reasonMissing });
  });
export type TVendorWorkOrderMoveRequest = z.infer<typeof ZVendorWorkOrderMoveRequestSchema>;

/** GET /api/admin/work-orders/orders?search=: orders that may need a trip, with their kinds. */
export const ZWorkOrderOrdersQuerySchema = z.object({
  search: singleLineText().trim().max(200).default(''),
});
export const ZWorkOrderOrderSchema = z.object({
  hash: z.string(),
  product: z.string(),
  status: z.string(),
  property: z.object({ hash: z.string(), address: z.string() }),
  customer: z.object({ name: z.string(), email: z.string() }),
  kinds: z.array(ZWorkOrderKindSchema),
  orderedAt: z.string(),
});
export type TWorkOrderOrder = z.infer<typeof ZWorkOrderOrderSchema>;
export const ZWorkOrderOrdersSchema = z.object({ orders: z.array(ZWorkOrderOrderSchema) });

/** GET /api/admin/work-orders/assignees: staff and field vendors. */
export const ZWorkOrderAssigneeSchema = person.extend({ kind: z.enum(['staff', 'field']) });
export const ZWorkOrderAssigneesSchema = z.object({
  assignees: z.array(ZWorkOrderAssigneeSchema),
});
export type TWorkOrderAssignee = z.infer<typeof ZWorkOrderAssigneeSchema>;

/** A field vendor's own work order: the trip, without the customer's address book or bills. */
export const ZVendorWorkOrderSchema = ZWorkOrderSchema.omit({
  customer: true,
  assignee: true,
  tripCharge: true,
  canAddTripCharge: true,
});
export const ZVendorWorkOrderDetailSchema = ZVendorWorkOrderSchema.extend({
  photos: z.array(ZListingPhotoSchema),
});

/** POST …/work-orders/{hash}/photos (multipart `files` parts): each file stored or refused. */
export const ZWorkOrderPhotoUploadResponseSchema = z.object({
  files: z.array(ZPhotoUploadResultSchema),
  photos: z.array(ZListingPhotoSchema),
});

/** POST /api/admin/work-orders/{hash}/review: approve the proof, or reject it (back to failed). */
export const ZReviewWorkOrderRequestSchema = z
  .object({
    decision: z.enum(['approved', 'rejected'], { error: 'Approve or reject the photos.' }),
    reason: reason.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'rejected' && !b.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: WORK_ORDER_TEXTS.rejectReasonMissing,
      });
  });
export type TReviewWorkOrderRequest = z.infer<typeof ZReviewWorkOrderRequestSchema>;

/** GET WORK_ORDER_API.photoFile: a size of a proof photo, for staff, the assignee or the owners. */
export const ZWorkOrderPhotoFileParamsSchema = z.object({
  hash: singleLineText().min(1).max(64),
  size: z.enum(['thumb', 'web']),
});
export const ZWorkOrderPhotoFileQuerySchema = z.object({
  property: singleLineText().max(64).optional(),
});
export type TVendorWorkOrder = z.infer<typeof ZVendorWorkOrderSchema>;
export const ZVendorWorkOrdersPageSchema = pageSchema(ZVendorWorkOrderSchema);
export const ZVendorWorkOrdersQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created', 'scheduled']).default('scheduled'),
  state: ZWorkOrderStateSchema.optional(),
});
export type TVendorWorkOrdersQuery = z.infer<typeof ZVendorWorkOrdersQuerySchema>;

/** GET /api/dashboard/work-orders?property=: the property's trips as its customers see them. */
export const ZCustomerWorkOrderSchema = z.object({
  hash: z.string(),
  kind: ZWorkOrderKindSchema,
  state: ZWorkOrderStateSchema,
  product: z.string(),
  scheduledDay: z.string().nullable(),
  failureReason: z.string().nullable(),
  proofReview: z.enum(PROOF_REVIEW_KEYS).nullable(),
  /** The charge for this failed trip, when there is one: its invoice. */
  tripCharge: ZTripChargeSchema.nullable(),
  /** A booked photography appointment's start and end (ISO instants). */
  appointment: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
  /**
   * Photos of the finished work at the property (a post or lockbox in place), once staff
   * approved them; empty before, and for photography, whose photos are its gallery.
   */
  photos: z.array(z.object({ hash: z.string(), urls: ZPhotoUrlsSchema })),
  updatedAt: z.string(),
});
export type TCustomerWorkOrder = z.infer<typeof ZCustomerWorkOrderSchema>;
export const ZCustomerWorkOrdersSchema = z.object({
  workOrders: z.array(ZCustomerWorkOrderSchema),
});

/** The customer's view of a finished trip's photos (decision 066). */
export const CUSTOMER_PROOF_TEXTS = {
  list: (what: string) => `Photos of the ${what.toLowerCase()}`,
  photo: (what: string, n: number, of: number) =>
    `${what}: photo ${n} of ${of} of the finished work (opens the full size)`,
} as const;

export const WORK_ORDER_API = {
  list: '/api/admin/work-orders',
  one: (hash: string) => `/api/admin/work-orders/${encodeURIComponent(hash)}`,
  schedule: (hash: string) => `/api/admin/work-orders/${encodeURIComponent(hash)}/schedule`,
  assign: (hash: string) => `/api/admin/work-orders/${encodeURIComponent(hash)}/assign`,
  state: (hash: string) => `/api/admin/work-orders/${encodeURIComponent(hash)}/state`,
  review: (hash: string) => `/api/admin/work-orders/${encodeURIComponent(hash)}/review`,
  tripCharge: (hash: string) => `/api/admin/work-orders/${encodeURIComponent(hash)}/trip-charge`,
  photos: (hash: string) => `/api/admin/work-orders/${encodeURIComponent(hash)}/photos`,
  vendorPhotos: (hash: string) => `/api/vendor/work-orders/${encodeURIComponent(hash)}/photos`,
  /**
   * A proof photo's file, behind the access check: staff, the assignee, and the property's people
   * once staff approved the photos.
   */
  photoFile: (hash: string, size: 'thumb' | 'web') =>
    `/api/dashboard/work-orders/photos/${encodeURIComponent(hash)}/${size}`,
  orders: '/api/admin/work-orders/orders',
  assignees: '/api/admin/work-orders/assignees',
  vendorList: '/api/vendor/work-orders',
  vendorOne: (hash: string) => `/api/vendor/work-orders/${encodeURIComponent(hash)}`,
  vendorState: (hash: string) => `/api/vendor/work-orders/${encodeURIComponent(hash)}/state`,
  customer: '/api/dashboard/work-orders',
} as const;

/** The assign form: a select whose empty choice takes the work order back. */
export const ZAssignWorkOrderFormSchema = z.object({
  assignee: singleLineText().trim().max(64),
});
