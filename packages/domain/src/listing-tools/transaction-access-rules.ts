/**
 * Transaction access (issue 24): someone on the other side of a deal — a buyer's agent, a title
 * or escrow company, a lender — asks the owners of a listing for a view of the transaction. The
 * words, the paths, the roles, what can be shared and the length of access. No zod here, so the
 * public pages' scripts and packages/db can import it.
 */

/** Who is asking, in their own words' category. */
export const TRANSACTION_ACCESS_ROLES = {
  buyers_agent: { label: 'Buyer’s agent' },
  title_escrow: { label: 'Title or escrow company' },
  lender: { label: 'Lender' },
  attorney: { label: 'Attorney' },
  other: { label: 'Other' },
} as const satisfies Record<string, { label: string }>;
export type TTransactionAccessRole = keyof typeof TRANSACTION_ACCESS_ROLES;
export const TRANSACTION_ACCESS_ROLE_KEYS = Object.keys(TRANSACTION_ACCESS_ROLES) as [
  TTransactionAccessRole,
  ...TTransactionAccessRole[],
];

/** What owners may share; the listing's facts always, the rest by choice. */
export const TRANSACTION_ACCESS_SHARES = {
  listing: { label: 'The listing’s facts (price, status, size)' },
  documents: { label: 'The property’s documents (disclosures, agreements, contract)' },
  showings: { label: 'Showing times (no buyer names or contact details)' },
} as const satisfies Record<string, { label: string }>;
export type TTransactionAccessShare = keyof typeof TRANSACTION_ACCESS_SHARES;
export const TRANSACTION_ACCESS_SHARE_KEYS = Object.keys(TRANSACTION_ACCESS_SHARES) as [
  TTransactionAccessShare,
  ...TTransactionAccessShare[],
];

/**
 * unconfirmed: the requester has not opened the mailed link yet (owners do not see it).
 * pending: waiting for the owners. approved: access given (until `expiresAt`). refused: the
 * owners said no. revoked: access taken back. Expiry is read from `expiresAt`, not stored.
 */
export const TRANSACTION_ACCESS_STATUSES = [
  'unconfirmed',
  'pending',
  'approved',
  'refused',
  'revoked',
] as const;
export type TTransactionAccessStatus = (typeof TRANSACTION_ACCESS_STATUSES)[number];

export const TRANSACTION_ACCESS_DAYS = { min: 1, max: 90, default: 30 } as const;
/** The mailed confirmation link works this long. */
export const TRANSACTION_ACCESS_CONFIRM_HOURS = 48;
export const TRANSACTION_ACCESS_NAME_MAX = 120;
export const TRANSACTION_ACCESS_MESSAGE_MAX = 2000;

/** The public pages. The request page takes `?listing={hash}`; the others a `#token=…`. */
export const TRANSACTION_ACCESS_PAGES = {
  request: '/transaction-access/request',
  confirm: '/transaction-access/confirm',
  view: '/transaction-access',
} as const;

/** The public request page of one listing. */
export const transactionAccessRequestPath = (listing: string) =>
  `${TRANSACTION_ACCESS_PAGES.request}?listing=${encodeURIComponent(listing)}`;

/** The endpoints. */
export const TRANSACTION_ACCESS_API = {
  /** GET (public): the listing a request page is for. POST: ask for access (202). */
  listing: (listing: string) => `/api/listings/${encodeURIComponent(listing)}/transaction-access`,
  /** POST {token} (public): the requester confirms their email. */
  confirm: '/api/transaction-access/confirm',
  /** POST {token?} (public): the shared view; the token once, then the cookie it sets. */
  view: '/api/transaction-access/view',
  /** GET (public, the cookie): one shared document's file. */
  documentFile: (doc: string) =>
    `/api/transaction-access/documents/${encodeURIComponent(doc)}/file`,
  /** GET ?property= (owners): the listing's requests with their view logs. */
  owner: '/api/dashboard/listing/transaction-access',
  approve: (request: string) =>
    `/api/dashboard/listing/transaction-access/${encodeURIComponent(request)}/approve`,
  refuse: (request: string) =>
    `/api/dashboard/listing/transaction-access/${encodeURIComponent(request)}/refuse`,
  revoke: (request: string) =>
    `/api/dashboard/listing/transaction-access/${encodeURIComponent(request)}/revoke`,
} as const;

/** The cookie the view page's token is kept in, sent only to the view's endpoints. */
export const TRANSACTION_ACCESS_COOKIE = 'lantern_txa';
export const TRANSACTION_ACCESS_COOKIE_PATH = '/api/transaction-access';

export const TRANSACTION_ACCESS_STATUS_LABELS: Record<
  TTransactionAccessStatus | 'expired',
  string
> = {
  unconfirmed: 'Email not confirmed',
  pending: 'Waiting for your answer',
  approved: 'Access given',
  refused: 'Refused',
  revoked: 'Access taken back',
  expired: 'Access ended',
};

export const TRANSACTION_ACCESS_TEXTS = {
  link: 'Request transaction access',
  linkHint: 'For buyer’s agents, title and escrow companies and lenders working on this sale.',
  request: {
    title: 'Request transaction access',
    intro:
      'Working on this sale as a buyer’s agent, title or escrow company, lender or attorney? Ask the owners for a view of the listing and the documents they choose to share. We first email you a link to confirm your address; the owners see your request once you have.',
    forListing: 'For',
    name: 'Your name',
    company: 'Company',
    companyHint: 'Leave empty if you work on your own.',
    role: 'Your part in the transaction',
    email: 'Email',
    emailHint: 'We send the confirmation link and the owners’ answer here.',
    message: 'Message to the owners',
    messageHint: 'Optional: the buyer, file number or anything that helps them decide.',
    submit: 'Send the request',
    sending: 'Sending…',
    sent: 'Check your inbox: we emailed you a link to confirm your address. Your request reaches the owners once you open it.',
    noListing: 'We could not find that listing. Open the request form from the listing’s page.',
    noScript:
      'This form needs JavaScript. Please turn it on, or ask the owners through the listing page.',
  },
  confirm: {
    title: 'Confirm your request',
    working: 'Confirming…',
    done: 'Thank you: your email is confirmed and the owners have your request. We will email you their answer.',
    already: 'This request is already confirmed. We will email you the owners’ answer.',
    badLink:
      'This link is not valid or has expired. Please send the request again from the listing page.',
    noScript: 'This page needs JavaScript to confirm your request.',
  },
  view: {
    title: 'Transaction access',
    loading: 'Loading…',
    noAccess:
      'This link does not give access any more: it has expired, was taken back, or is not valid. Ask the owners for access again from the listing page.',
    sharedBy: (until: string) => `Shared by the owners until ${until}. Every visit is recorded.`,
    listing: 'The listing',
    documents: 'Documents',
    noDocuments: 'No documents have been shared yet.',
    showings: 'Showings',
    noShowings: 'No showings are scheduled.',
    publicPage: 'Public listing page',
    noScript: 'This page needs JavaScript to show what was shared with you.',
  },
  dashboard: {
    tab: 'Transaction access',
    heading: 'Transaction access requests',
    intro:
      'People on the other side of the deal — buyer’s agents, title and escrow companies, lenders — ask here for a view of your listing. You choose what they see and for how long, and can take access back at any time.',
    none: 'No one has asked for access yet.',
    days: 'Days of access',
    daysHint: `From ${TRANSACTION_ACCESS_DAYS.min} to ${TRANSACTION_ACCESS_DAYS.max} days.`,
    share: 'What to share',
    approve: 'Give access',
    refuse: 'Refuse',
    revoke: 'Take access back',
    views: 'Visits',
    noViews: 'Not opened yet.',
    until: 'Until',
    approved: 'Access given. We emailed them the link.',
    refused: 'Request refused. We let them know.',
    revoked: 'Access taken back. Their link stops working now.',
  },
  errors: {
    name: 'Enter your name (at most 120 characters).',
    company: 'Enter the company name in at most 120 characters.',
    role: 'Choose your part in the transaction.',
    message: `Keep the message to at most ${TRANSACTION_ACCESS_MESSAGE_MAX} characters.`,
    days: `Choose from ${TRANSACTION_ACCESS_DAYS.min} to ${TRANSACTION_ACCESS_DAYS.max} days.`,
    shares: 'Choose what to share.',
    notFound: 'We could not find that request.',
    notPending: 'This request has already been answered.',
    notApproved: 'This access is not active.',
    listingNotFound: 'We could not find that listing.',
  },
} as const;
