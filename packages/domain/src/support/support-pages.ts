/** Support tickets: the customer's in the dashboard, the queue in the staff area (issue 23). */
export const SUPPORT_PAGES = {
  tickets: '/dashboard/support',
  ticket: (hash: string) => `/dashboard/support/${encodeURIComponent(hash)}`,
  adminTickets: '/admin/support',
  adminTicket: (hash: string) => `/admin/support/${encodeURIComponent(hash)}`,
} as const;
