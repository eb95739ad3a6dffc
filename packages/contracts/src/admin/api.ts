/** Staff and vendor JSON endpoints (issue 15). Every one names the access it needs on the server. */
export const ADMIN_API = {
  access: '/api/admin/access',
  summary: '/api/admin/summary',
  roles: '/api/admin/roles',
  role: (key: string) => `/api/admin/roles/${encodeURIComponent(key)}`,
  users: '/api/admin/users',
  usersExport: '/api/admin/users/export.csv',
  user: (hash: string) => `/api/admin/users/${encodeURIComponent(hash)}`,
  userRole: (hash: string) => `/api/admin/users/${encodeURIComponent(hash)}/role`,
  userVendorKinds: (hash: string) => `/api/admin/users/${encodeURIComponent(hash)}/vendor-kinds`,
  userAssignments: (hash: string) => `/api/admin/users/${encodeURIComponent(hash)}/assignments`,
  userRecords: (hash: string) => `/api/admin/users/${encodeURIComponent(hash)}/records`,
  userLock: (hash: string) => `/api/admin/users/${encodeURIComponent(hash)}/lock`,
  userSessions: (hash: string) => `/api/admin/users/${encodeURIComponent(hash)}/sessions`,
  userVerificationEmail: (hash: string) =>
    `/api/admin/users/${encodeURIComponent(hash)}/verification-email`,
  assignment: (hash: string) => `/api/admin/assignments/${encodeURIComponent(hash)}`,
  properties: '/api/admin/properties',
  property: (hash: string) => `/api/admin/properties/${encodeURIComponent(hash)}`,
  products: '/api/admin/products',
  product: (slug: string) => `/api/admin/products/${encodeURIComponent(slug)}`,
  activity: '/api/admin/activity',
  activityExport: '/api/admin/activity/export.csv',
  activityEntry: (id: number) => `/api/admin/activity/${id}`,
  invoices: '/api/admin/invoices',
  invoice: (hash: string) => `/api/admin/invoices/${encodeURIComponent(hash)}`,
  invoicePayments: (hash: string) => `/api/admin/invoices/${encodeURIComponent(hash)}/payments`,
  invoiceRefunds: (hash: string) => `/api/admin/invoices/${encodeURIComponent(hash)}/refunds`,
  invoiceVoid: (hash: string) => `/api/admin/invoices/${encodeURIComponent(hash)}/void`,
  jobs: '/api/admin/jobs',
  jobRetry: (id: number) => `/api/admin/jobs/${id}/retry`,
  crm: '/api/admin/crm',
  crmErrors: '/api/admin/crm/errors',
  crmRetry: (id: number) => `/api/admin/crm/errors/${id}/retry`,
} as const;

export const VENDOR_API = {
  access: '/api/vendor/access',
  assignments: '/api/vendor/assignments',
  assignment: (hash: string) => `/api/vendor/assignments/${encodeURIComponent(hash)}`,
} as const;

/** Pages of the staff area, for links (the SPA's router uses the same paths). */
export const ADMIN_PAGES = {
  home: '/admin',
  users: '/admin/users',
  user: (hash: string) => `/admin/users/${encodeURIComponent(hash)}`,
  roles: '/admin/roles',
  properties: '/admin/properties',
  property: (hash: string) => `/admin/properties/${encodeURIComponent(hash)}`,
  products: '/admin/products',
  activity: '/admin/activity',
  jobs: '/admin/jobs',
  crm: '/admin/crm',
  invoices: '/admin/invoices',
  invoice: (hash: string) => `/admin/invoices/${encodeURIComponent(hash)}`,
  messages: '/admin/messages',
} as const;
