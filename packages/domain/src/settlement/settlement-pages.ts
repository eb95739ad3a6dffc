/** The settlement vendor's transactions, and staff's approval of their CDAs (issue 24). */
export const SETTLEMENT_PAGES = {
  vendor: '/vendor/settlement',
  vendorOne: (hash: string) => `/vendor/settlement/${encodeURIComponent(hash)}`,
  admin: '/admin/settlement',
  adminOne: (hash: string) => `/admin/settlement/${encodeURIComponent(hash)}`,
} as const;
