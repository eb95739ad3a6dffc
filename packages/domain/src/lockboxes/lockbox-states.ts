/**
 * The lockbox constants the database schema needs too (issue 21, "Lockboxes"); the request and
 * answer shapes are in lockboxes.ts. No zod here, so packages/db can import it alone.
 */

/** How long a rental runs: the end date is the start date plus this many days. */
export const LOCKBOX_RENTAL_DAYS = 180;
/** Reminders go this many days from the end date (before it, on it, after it), each once. */
export const LOCKBOX_REMINDER_OFFSETS = [-7, 0, 7, 14, 21] as const;
export type TLockboxReminderOffset = (typeof LOCKBOX_REMINDER_OFFSETS)[number];
/** The deposit is forfeited when the lockbox is this many days past its end date. */
export const LOCKBOX_FORFEIT_DAYS = 30;
/** The product a rental is for. */
export const LOCKBOX_PRODUCT_SLUG = 'lockbox-rental';

/** The kinds of lockbox we stock. */
export const LOCKBOX_TYPES = {
  combination: { label: 'Combination dial' },
  push_button: { label: 'Push-button' },
  electronic: { label: 'Electronic (phone app)' },
} as const satisfies Record<string, { label: string }>;
export type TLockboxType = keyof typeof LOCKBOX_TYPES;
export const LOCKBOX_TYPE_KEYS = Object.keys(LOCKBOX_TYPES) as [TLockboxType, ...TLockboxType[]];

/**
 * in_stock: on our shelf, free to rent. out: at a property on a rental. lost: not where it
 * should be (a forfeited rental, or missing from the shelf). retired: never rented again.
 */
export const LOCKBOX_STATES = {
  in_stock: { label: 'In stock' },
  out: { label: 'Out' },
  lost: { label: 'Lost' },
  retired: { label: 'Retired' },
} as const satisfies Record<string, { label: string }>;
export type TLockboxState = keyof typeof LOCKBOX_STATES;
export const LOCKBOX_STATE_KEYS = Object.keys(LOCKBOX_STATES) as [
  TLockboxState,
  ...TLockboxState[],
];

/** Where a rental stands: out and not past its end; past its end; back; or its deposit kept. */
export const LOCKBOX_RENTAL_STATUSES = {
  active: { label: 'Active' },
  overdue: { label: 'Overdue' },
  returned: { label: 'Returned' },
  forfeited: { label: 'Deposit forfeited' },
} as const satisfies Record<string, { label: string }>;
export type TLockboxRentalStatus = keyof typeof LOCKBOX_RENTAL_STATUSES;
export const LOCKBOX_RENTAL_STATUS_KEYS = Object.keys(LOCKBOX_RENTAL_STATUSES) as [
  TLockboxRentalStatus,
  ...TLockboxRentalStatus[],
];
