/** The dashboard's JSON endpoints (docs/architecture/request-path.md "HTTP conventions"). */
export const DASHBOARD_API = {
  userProperties: '/api/dashboard/user-properties',
  servicesForProperty: '/api/dashboard/services-for-property',
  propertyVisibility: '/api/dashboard/property-visibility',
  products: '/api/dashboard/products',
  property: '/api/dashboard/property',
  updateProperty: '/api/dashboard/update-property',
  overview: '/api/dashboard/overview',
  activity: '/api/dashboard/activity',
  orders: '/api/dashboard/orders',
  /** GET ?property=: the MLS boards covering the property's county, and which it is listed on. */
  mlsBoards: '/api/dashboard/orders/mls-boards',
  invoices: '/api/dashboard/invoices',
  invoiceCheckout: (hash: string) => `/api/dashboard/invoices/${encodeURIComponent(hash)}/checkout`,
  invoiceReceipt: (hash: string) =>
    `/api/dashboard/invoices/${encodeURIComponent(hash)}/receipt.pdf`,
} as const;

/** Where Stripe sends its events (issue 17): raw body, Stripe-Signature checked. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The named dashboard routes of spec section 2; each takes `?property={hash}`. */
export const DASHBOARD_PAGES = [
  'messages',
  'add-property',
  'invoices',
  'update-property',
  'participants',
  'account',
  'seller-agent',
  'buyer-agent',
  'mls-listing',
  'mls-listing-help',
  'fsbo-listing',
  'photography',
  'signage',
  'valuation',
  'lockbox-rental',
  // Not in the sidebar: reached from MLS Listing Help (spec 2).
  'concierge',
] as const;
export type TDashboardPage = (typeof DASHBOARD_PAGES)[number];

/** `/dashboard` or `/dashboard/{page}`, with `?property=` when a property is current. */
export function dashboardHref(page: TDashboardPage | 'overview', property?: string | null): string {
  const path = page === 'overview' ? '/dashboard' : `/dashboard/${page}`;
  return property ? `${path}?property=${encodeURIComponent(property)}` : path;
}
