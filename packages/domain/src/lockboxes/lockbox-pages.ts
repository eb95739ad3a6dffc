/** The lockbox inventory and rentals in the staff area (issue 21). */
export const LOCKBOX_PAGES = {
  lockboxes: '/admin/lockboxes',
  rentals: '/admin/lockboxes/rentals',
} as const;
