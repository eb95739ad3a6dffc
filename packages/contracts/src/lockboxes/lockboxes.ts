import { LOCKBOX_RENTAL_STATUS_KEYS, LOCKBOX_STATE_KEYS, LOCKBOX_TYPE_KEYS } from '@lantern/domain';
import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { multilineText, singleLineText } from '../text.ts';

/**
 * Lockboxes (issue 21, "Lockboxes"): our inventory, rentals to a property for a paid lockbox
 * rental order, its $100 refundable deposit returned when the lockbox comes back, reminders
 * around the end date and the deposit kept once the lockbox is 30 days overdue.
 */

export const LOCKBOX_TEXTS = {
  serial: 'Use 1 to 40 letters, digits or dashes for each serial number.',
  serialsMissing: 'Enter at least one serial number.',
  serialsTooMany: 'Add at most 100 lockboxes at a time.',
  serialsRepeated: 'Each serial number may appear only once.',
  serialsTaken: (serials: readonly string[]) =>
    `We already have ${serials.length === 1 ? 'a lockbox' : 'lockboxes'} with serial ${serials.join(', ')}.`,
  type: 'Choose the kind of lockbox.',
  notesTooLong: 'Keep the note under 500 characters.',
  state: 'Choose a state.',
  date: 'Enter a date.',
  futureDate: 'The date cannot be in the future.',
  sameState: 'The lockbox is already in that state.',
  outByRental: 'A lockbox goes out only by renting it to a paid order.',
  onRental:
    'This lockbox is out on a rental. Record its return; if it never comes back, it is marked lost when the deposit is forfeited.',
  retiredFinal:
    'A retired lockbox stays retired. Add it again under a new serial if it is back in use.',
  notInStock: (state: string) => `This lockbox is ${state.toLowerCase()}, not in stock.`,
  orderNotLockbox: 'This order is not a lockbox rental.',
  orderNotPaid: 'This order is not paid yet. Rent a lockbox out once its invoice is paid.',
  orderHasRental: 'This order already has a lockbox out. Record its return first.',
  orderClosed: 'This order is closed.',
  returnedBeforeStart: 'The return date cannot be before the rental started.',
  alreadyReturned: 'This lockbox was already returned and its deposit refunded.',
  forfeited: 'The deposit of this rental was forfeited; there is no return to record.',
  refundBusy: 'The deposit refund of this rental is being made. Reload in a moment.',
  refundFailed: (reason: string) =>
    `The lockbox is recorded as returned, but the deposit was not refunded: ${reason} Record the return again to retry the refund.`,
  refundReason: (serial: string) => `Lockbox deposit returned (lockbox ${serial} came back).`,
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const day = (error: string) =>
  singleLineText()
    .regex(ISO_DATE, error)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), error);

export const LOCKBOX_SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/;
export const ZLockboxSerialSchema = singleLineText()
  .trim()
  .regex(LOCKBOX_SERIAL_PATTERN, LOCKBOX_TEXTS.serial)
  .transform((s) => s.toUpperCase());
export const ZLockboxTypeSchema = z.enum(LOCKBOX_TYPE_KEYS, { error: LOCKBOX_TEXTS.type });
export const ZLockboxStateSchema = z.enum(LOCKBOX_STATE_KEYS, { error: LOCKBOX_TEXTS.state });
const notes = singleLineText().trim().max(500, LOCKBOX_TEXTS.notesTooLong);

export const ZLockboxParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });

/** GET /api/admin/lockboxes: the inventory, by serial or newest first, filtered by state and type. */
export const ZLockboxesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['serial', 'created']).default('serial'),
  state: ZLockboxStateSchema.optional(),
  type: ZLockboxTypeSchema.optional(),
});
export type TLockboxesQuery = z.infer<typeof ZLockboxesQuerySchema>;

export const ZAdminLockboxSchema = z.object({
  hash: z.string(),
  serial: z.string(),
  type: ZLockboxTypeSchema,
  state: ZLockboxStateSchema,
  notes: z.string(),
  /** The rental it is out on, when out. */
  rental: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminLockbox = z.infer<typeof ZAdminLockboxSchema>;
export const ZLockboxesPageSchema = pageSchema(ZAdminLockboxSchema);

/** POST /api/admin/lockboxes: add one or more lockboxes of one type, in stock. */
export const ZAddLockboxesRequestSchema = z.object({
  serials: z
    .array(ZLockboxSerialSchema, { error: LOCKBOX_TEXTS.serialsMissing })
    .min(1, LOCKBOX_TEXTS.serialsMissing)
    .max(100, LOCKBOX_TEXTS.serialsTooMany)
    .refine((s) => new Set(s).size === s.length, LOCKBOX_TEXTS.serialsRepeated),
  type: ZLockboxTypeSchema,
  notes: notes.default(''),
});
export type TAddLockboxesRequest = z.infer<typeof ZAddLockboxesRequestSchema>;

/** Serial numbers as staff type them: one a line, or separated by commas or spaces. */
export const splitSerials = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((s) => s.toUpperCase());

/** The add form: the same rules, the serials typed in one box. */
export const ZAddLockboxesFormSchema = z.object({
  serials: multilineText()
    .transform(splitSerials)
    .refine((l) => l.length > 0, LOCKBOX_TEXTS.serialsMissing)
    .refine((l) => l.length <= 100, LOCKBOX_TEXTS.serialsTooMany)
    .refine((l) => l.every((s) => LOCKBOX_SERIAL_PATTERN.test(s)), LOCKBOX_TEXTS.serial)
    .refine((l) => new Set(l).size === l.length, LOCKBOX_TEXTS.serialsRepeated),
  type: ZLockboxTypeSchema,
  notes: notes.default(''),
});
export const ZAddLockboxesResponseSchema = z.object({ lockboxes: z.array(ZAdminLockboxSchema) });

/** POST /api/admin/lockboxes/{hash}/state: staff move a lockbox (never in or out of a rental). */
export const ZLockboxStateRequestSchema = z.object({
  state: ZLockboxStateSchema,
  /** Replaces the lockbox's note when given (why it is lost, where it was found). */
  notes: notes.optional(),
});
export type TLockboxStateRequest = z.infer<typeof ZLockboxStateRequestSchema>;

/** GET /api/admin/lockboxes/rentals */
export const ZLockboxRentalsQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['end', 'start']).default('end'),
  status: z.enum([...LOCKBOX_RENTAL_STATUS_KEYS, 'all']).default('all'),
});
export type TLockboxRentalsQuery = z.infer<typeof ZLockboxRentalsQuerySchema>;

export const ZAdminLockboxRentalSchema = z.object({
  hash: z.string(),
  status: z.enum(LOCKBOX_RENTAL_STATUS_KEYS),
  lockbox: z.object({ hash: z.string(), serial: z.string(), type: ZLockboxTypeSchema }),
  property: z.object({ hash: z.string(), address: z.string() }),
  customer: z.object({ hash: z.string(), name: z.string(), email: z.string() }),
  order: z.string(),
  invoice: z.object({ hash: z.string(), number: z.string() }).nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** Days to the end date (negative once past it), counted from today in UTC. */
  daysLeft: z.number().int(),
  depositCents: z.number().int(),
  depositRefundedCents: z.number().int(),
  returnedOn: z.string().nullable(),
  forfeitedAt: z.string().nullable(),
  /** The reminder offsets (days from the end date) already sent. */
  remindersSent: z.array(z.number().int()),
});
export type TAdminLockboxRental = z.infer<typeof ZAdminLockboxRentalSchema>;
export const ZLockboxRentalsPageSchema = pageSchema(ZAdminLockboxRentalSchema);

/** GET /api/admin/lockboxes/orders: paid lockbox rental orders with no lockbox out. */
export const ZLockboxOrderSchema = z.object({
  hash: z.string(),
  property: z.object({ hash: z.string(), address: z.string() }),
  customer: z.object({ name: z.string(), email: z.string() }),
  invoice: z.object({ hash: z.string(), number: z.string() }),
  depositCents: z.number().int(),
  orderedAt: z.string(),
});
export type TLockboxOrder = z.infer<typeof ZLockboxOrderSchema>;
export const ZLockboxOrdersSchema = z.object({ orders: z.array(ZLockboxOrderSchema) });

/** POST /api/admin/lockboxes/rentals: rent an in-stock lockbox out for a paid order. */
export const ZRentLockboxRequestSchema = z.object({
  order: singleLineText().trim().min(1, 'Choose the order.').max(64),
  lockbox: singleLineText().trim().min(1, 'Choose the lockbox.').max(64),
  /** The day it went to the property; today when left out. */
  startDate: day(LOCKBOX_TEXTS.date).optional(),
});
export type TRentLockboxRequest = z.infer<typeof ZRentLockboxRequestSchema>;
/** The rent-out form: the start date is always shown (today to begin with). */
export const ZRentLockboxFormSchema = ZRentLockboxRequestSchema.extend({
  startDate: day(LOCKBOX_TEXTS.date),
});

/** POST /api/admin/lockboxes/rentals/{hash}/return */
export const ZReturnLockboxRequestSchema = z.object({
  returnedOn: day(LOCKBOX_TEXTS.date).optional(),
});
export type TReturnLockboxRequest = z.infer<typeof ZReturnLockboxRequestSchema>;
export const ZReturnLockboxFormSchema = z.object({ returnedOn: day(LOCKBOX_TEXTS.date) });

export const ZReturnLockboxResponseSchema = z.object({
  rental: ZAdminLockboxRentalSchema,
  /** Refunded by this request, in cents. */
  refundedCents: z.number().int(),
});

/** The lockbox menu on the admin home: how many of each, with links to the filtered tables. */
export const ZLockboxMenuSchema = z.object({
  inStock: z.number().int(),
  out: z.number().int(),
  overdue: z.number().int(),
  lost: z.number().int(),
});
export type TLockboxMenu = z.infer<typeof ZLockboxMenuSchema>;

/** The customer's view of the property's rental (GET /api/dashboard/lockbox-rental?property=). */
export const ZCustomerLockboxRentalSchema = z.object({
  rental: z
    .object({
      status: z.enum(LOCKBOX_RENTAL_STATUS_KEYS),
      startDate: z.string(),
      endDate: z.string(),
      daysLeft: z.number().int(),
      depositCents: z.number().int(),
      depositRefundedCents: z.number().int(),
      returnedOn: z.string().nullable(),
      forfeitOn: z.string(),
    })
    .nullable(),
});
export type TCustomerLockboxRental = z.infer<typeof ZCustomerLockboxRentalSchema>;

export const LOCKBOX_API = {
  lockboxes: '/api/admin/lockboxes',
  lockboxState: (hash: string) => `/api/admin/lockboxes/${encodeURIComponent(hash)}/state`,
  rentals: '/api/admin/lockboxes/rentals',
  rentalReturn: (hash: string) => `/api/admin/lockboxes/rentals/${encodeURIComponent(hash)}/return`,
  orders: '/api/admin/lockboxes/orders',
  customer: '/api/dashboard/lockbox-rental',
} as const;
