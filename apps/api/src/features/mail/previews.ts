import {
  EMAIL_VERIFICATION_PATHS,
  EMAIL_VERIFICATION_TTL_DAYS,
  EXPIRY_REMINDER_DAYS,
  emailedLink,
  INVITATION_TTL_DAYS,
  LISTING_ANALYTICS_LABELS,
  LISTING_ANALYTICS_METRICS,
  LISTING_SUMMARY_UNSUBSCRIBE_PATH,
  LISTING_TOOLS_PAGES,
  MAIL_TEMPLATES,
  NEWSLETTER_PATHS,
  PASSWORD_RESET_PATHS,
  PASSWORD_RESET_TTL_MINUTES,
  REFERRAL_INVITATION_TTL_DAYS,
  SHOWING_LINK_PAGE,
  type TMailPreview,
  type TMailTemplateKey,
} from '@lantern/contracts';
import {
  DOCUMENTS_PAGES,
  formatCents,
  INVITATION_PAGE,
  invoiceNumber,
  mlsListingStepPath,
  PATHS,
  REFERRAL_PAGES,
  ROLE_LABELS,
  SETTLEMENT_PAGES,
  SHOWINGS_TAB,
  SUPPORT_PAGES,
  type TMlsListingStep,
  TRANSACTION_ACCESS_CONFIRM_HOURS,
  TRANSACTION_ACCESS_PAGES,
  TRANSACTION_ACCESS_ROLES,
  TRANSACTION_ACCESS_TAB,
} from '@lantern/domain';
import type { BrandData, MailContent } from './templates.ts';
import * as templates from './templates.ts';

/**
 * The sample values every preview uses: plainly made up (example.com, "Sample"), so nobody takes
 * a preview for a real person's mail, and never read from the database.
 */
export const SAMPLE = {
  customer: 'Sample Customer',
  email: 'sample.customer@example.com',
  newEmail: 'new.address@example.com',
  street: '123 Sample Street',
  invoice: invoiceNumber(123),
  amountCents: 17_900,
  description: 'Photography (sample order)',
  token: 'sample-token',
  invoiceHash: 'sample-invoice',
  propertyHash: 'sample-property',
  mlsNumber: 'SAMPLE-1234',
  board: 'Sample MLS',
  showingTime: 'Saturday, June 5, 2027 at 10:30 AM CDT',
} as const;

interface Entry {
  /** The function of templates.ts (the test that every one is listed compares these). */
  template: (...args: never[]) => MailContent;
  render: (brand: BrandData) => MailContent;
}
const entry = <D>(
  template: (brand: BrandData, data: D) => MailContent,
  sample: (brand: BrandData) => D,
): Entry => ({ template, render: (brand) => template(brand, sample(brand)) });

const link = (brand: BrandData, page: string) => emailedLink(brand.publicUrl, page, SAMPLE.token);
const listingUrl = (brand: BrandData, step: TMlsListingStep) =>
  `${brand.publicUrl}${mlsListingStepPath(step)}?property=${SAMPLE.propertyHash}`;
const invoiceUrl = (brand: BrandData) =>
  `${brand.publicUrl}/dashboard/invoices/${SAMPLE.invoiceHash}`;

/**
 * Each template the product sends, with the values its caller passes, made up. Typed by the
 * contracts' list, so a template named there cannot lack a sample; a test checks the other way
 * (every function of templates.ts is here).
 */
export const MAIL_PREVIEWS: Record<TMailTemplateKey, Entry> = {
  'email-verification': entry(templates.emailVerification, (brand) => ({
    verifyUrl: link(brand, EMAIL_VERIFICATION_PATHS.verify),
    days: EMAIL_VERIFICATION_TTL_DAYS,
  })),
  'password-reset-link': entry(templates.passwordResetLink, (brand) => ({
    resetUrl: link(brand, PASSWORD_RESET_PATHS.resetPage),
    minutes: PASSWORD_RESET_TTL_MINUTES,
  })),
  'password-changed': entry(templates.passwordChanged, (brand) => ({
    loginUrl: `${brand.publicUrl}${PATHS.login}`,
  })),
  'email-changed': entry(templates.emailChangedNotice, () => ({ newEmail: SAMPLE.newEmail })),
  'participant-invitation': entry(templates.participantInvitation, (brand) => ({
    inviter: SAMPLE.customer,
    streetAddress: SAMPLE.street,
    role: ROLE_LABELS.buyer,
    acceptUrl: link(brand, INVITATION_PAGE),
    days: INVITATION_TTL_DAYS,
  })),
  'referral-invitation': entry(templates.referralInvitation, (brand) => ({
    referrer: 'Sample Referrer',
    name: SAMPLE.customer,
    note: 'They list homes for a flat fee; I think you will like them.',
    acceptUrl: link(brand, REFERRAL_PAGES.invitation),
    days: REFERRAL_INVITATION_TTL_DAYS,
  })),
  'newsletter-confirmation': entry(templates.newsletterConfirmation, (brand) => ({
    confirmUrl: link(brand, NEWSLETTER_PATHS.confirm),
  })),
  'promo-confirmation': entry(templates.promoConfirmation, (brand) => ({
    confirmUrl: link(brand, NEWSLETTER_PATHS.confirm),
  })),
  'payment-receipt': entry(templates.paymentReceipt, (brand) => ({
    number: SAMPLE.invoice,
    amount: formatCents(SAMPLE.amountCents),
    description: SAMPLE.description,
    invoiceUrl: invoiceUrl(brand),
  })),
  'invoice-paid': entry(templates.invoicePaidNotice, (brand) => ({
    number: SAMPLE.invoice,
    description: SAMPLE.description,
    street: SAMPLE.street,
    invoiceUrl: invoiceUrl(brand),
  })),
  'photo-shoot-delivered': entry(templates.photoShootDelivered, (brand) => ({
    street: SAMPLE.street,
    count: 36,
    url: `${brand.publicUrl}/dashboard/photography?property=${SAMPLE.propertyHash}`,
  })),
  'photo-shoot-returned': entry(templates.photoShootReturned, (brand) => ({
    street: SAMPLE.street,
    reason: 'Photo 12 shows a neighbour’s yard sign; crop it out or leave the photo out (sample).',
    url: `${brand.publicUrl}/vendor/work-orders`,
  })),
  'valuation-report-ready': entry(templates.valuationReportReady, (brand) => ({
    product: 'Home Value Report',
    street: SAMPLE.street,
    url: `${brand.publicUrl}/dashboard/valuation`,
  })),
  'valuation-report-refunded': entry(templates.valuationReportRefunded, (brand) => ({
    product: 'Comps Report',
    street: SAMPLE.street,
    amount: '$29.00',
    url: `${brand.publicUrl}/dashboard/valuation`,
  })),
  'listing-signature-request': entry(templates.listingSignatureRequest, (brand) => ({
    street: SAMPLE.street,
    requestedBy: SAMPLE.customer,
    document: 'listing agreement',
    signUrl: listingUrl(brand, 'sign'),
  })),
  'listing-submitted': entry(templates.listingSubmitted, (brand) => ({
    street: SAMPLE.street,
    listingUrl: listingUrl(brand, 'review'),
  })),
  'listing-with-concierge': entry(templates.listingWithConcierge, (brand) => ({
    street: SAMPLE.street,
    listingUrl: listingUrl(brand, 'review'),
  })),
  'concierge-listing-waiting': entry(templates.conciergeListingWaiting, (brand) => ({
    street: SAMPLE.street,
    reviewUrl: `${brand.publicUrl}/vendor/concierge/sample-listing`,
  })),
  'listing-concierge-returned': entry(templates.listingConciergeReturned, (brand) => ({
    street: SAMPLE.street,
    notes: ['Public remarks: mention the new roof and the fenced garden.'],
    listingUrl: listingUrl(brand, 'review'),
  })),
  'listing-concierge-ready': entry(templates.listingConciergeReady, (brand) => ({
    street: SAMPLE.street,
    listingUrl: listingUrl(brand, 'review'),
  })),
  'listing-concierge-handed': entry(templates.listingConciergeHanded, (brand) => ({
    street: SAMPLE.street,
    concierge: 'Connie Concierge',
    changes: 3,
    listingUrl: listingUrl(brand, 'form'),
  })),
  'listing-live': entry(templates.listingLive, (brand) => ({
    street: SAMPLE.street,
    mlsNumber: SAMPLE.mlsNumber,
    board: SAMPLE.board,
    listingUrl: listingUrl(brand, 'manage'),
  })),
  'listing-returned': entry(templates.listingReturned, (brand) => ({
    street: SAMPLE.street,
    reasons: ['List price: the price looks like it is missing a zero.'],
    listingUrl: listingUrl(brand, 'review'),
  })),
  'listing-rejected': entry(templates.listingRejected, (brand) => ({
    street: SAMPLE.street,
    reason: 'The sample MLS does not accept listings of this kind.',
    amount: formatCents(SAMPLE.amountCents),
    listingUrl: listingUrl(brand, 'review'),
  })),
  'listing-change-decided': entry(templates.listingChangeDecided, (brand) => ({
    street: SAMPLE.street,
    summary: 'Price to $425,000',
    done: true,
    note: null,
    listingUrl: listingUrl(brand, 'manage'),
  })),
  'listing-expiry-reminder': entry(templates.listingExpiryReminder, (brand) => ({
    street: SAMPLE.street,
    expirationDate: '2027-06-30',
    days: EXPIRY_REMINDER_DAYS,
    listingUrl: listingUrl(brand, 'manage'),
  })),
  'listing-expired': entry(templates.listingExpired, (brand) => ({
    street: SAMPLE.street,
    expirationDate: '2027-06-30',
    listingUrl: listingUrl(brand, 'manage'),
  })),
  'listing-closing-reminder': entry(templates.listingClosingReminder, (brand) => ({
    street: SAMPLE.street,
    status: 'Pending',
    listingUrl: listingUrl(brand, 'manage'),
  })),
  'support-reply': entry(templates.supportReply, (brand) => ({
    subject: 'Sample question about my listing photos',
    reply: 'Thanks for asking. This is a sample answer from our team.',
    solved: false,
    ticketUrl: `${brand.publicUrl}${SUPPORT_PAGES.ticket('sample-ticket')}`,
    byReply: true,
  })),
  'support-customer-reply': entry(templates.supportCustomerReply, (brand) => ({
    subject: 'Sample question about my listing photos',
    customer: SAMPLE.email,
    reply: 'This is a sample reply from the customer.',
    ticketUrl: `${brand.publicUrl}${SUPPORT_PAGES.adminTicket('sample-ticket')}`,
  })),
  'inquiry-to-seller': entry(templates.inquiryToSeller, (brand) => ({
    address: '100 Sample Street',
    buyer: 'Sam Sample',
    message: 'Is the basement finished? Could we see the home on Saturday?',
    followUp: false,
    byReply: true,
    inboxUrl: `${brand.publicUrl}/dashboard/listing/questions?property=sample-property`,
  })),
  'inquiry-answer': entry(templates.inquiryAnswer, (brand) => ({
    address: '100 Sample Street',
    answer: 'Yes, it was finished in 2019. Saturday afternoon works.',
    sellerEmail: null,
    byReply: true,
    listingUrl: `${brand.publicUrl}/listings/100-sample-street-springfield-il-sample`,
  })),
  'document-rejected': entry(templates.documentRejected, (brand) => ({
    document: 'Seller’s property disclosure',
    address: '100 Sample Street, Springfield, IL',
    reason: 'A signature or initials are missing.',
    note: 'Page 3 needs the second owner’s initials.',
    url: `${brand.publicUrl}${DOCUMENTS_PAGES.documents('sample-property')}`,
  })),
  'settlement-cda-decided': entry(templates.settlementCdaDecided, (brand) => ({
    address: '100 Sample Street, Springfield, IL 62701',
    approved: false,
    note: 'The referral fee is on page 2 of the statement as $1,000.00.',
    url: `${brand.publicUrl}${SETTLEMENT_PAGES.vendorOne('sample-transaction')}`,
  })),
  'settlement-cda-signed': entry(templates.settlementCdaSigned, (brand) => ({
    address: '100 Sample Street, Springfield, IL 62701',
    agent: 'Sample Closer',
    commission: formatCents(1_500_000),
    url: `${brand.publicUrl}${SETTLEMENT_PAGES.adminOne('sample-transaction')}`,
  })),
  'settlement-documents-ready': entry(templates.settlementDocumentsReady, (brand) => ({
    address: '100 Sample Street, Springfield, IL 62701',
    closingDate: 'June 30, 2027',
    documentsUrl: `${brand.publicUrl}${DOCUMENTS_PAGES.documents(SAMPLE.propertyHash)}`,
  })),
  'agent-hours-logged': entry(templates.agentHoursLogged, (brand) => ({
    street: SAMPLE.street,
    agent: 'Sample Agent',
    day: 'June 4, 2027',
    time: '1 h 30 min',
    note: 'Priced the home with the seller (sample)',
    amount: formatCents(22_500),
    unbilled: formatCents(37_500),
    pageUrl: `${brand.publicUrl}/dashboard/seller-agent?property=${SAMPLE.propertyHash}`,
  })),
  'agent-offer-recorded': entry(templates.agentOfferRecorded, (brand) => ({
    street: SAMPLE.street,
    agent: 'Sample Agent',
    price: formatCents(31_500_000),
    buyerAgent: 'Sample Buyer Agent, Sample Realty',
    expires: 'Saturday, June 5, 2027 at 5:00 PM CDT',
    note: 'Asks for the closing in 30 days.',
    pageUrl: `${brand.publicUrl}/dashboard/seller-agent?property=${SAMPLE.propertyHash}`,
  })),
  'lockbox-reminder': entry(templates.lockboxReminder, (brand) => ({
    street: SAMPLE.street,
    offset: 7,
    endDate: 'June 30, 2027',
    forfeitDate: 'July 30, 2027',
    deposit: formatCents(10_000),
    rentalUrl: `${brand.publicUrl}/dashboard/lockbox-rental?property=${SAMPLE.propertyHash}`,
  })),
  'lockbox-deposit-forfeited': entry(templates.lockboxDepositForfeited, (brand) => ({
    street: SAMPLE.street,
    endDate: 'June 30, 2027',
    deposit: formatCents(10_000),
    rentalUrl: `${brand.publicUrl}/dashboard/lockbox-rental?property=${SAMPLE.propertyHash}`,
  })),
  'order-quote-ready': entry(templates.orderQuoteReady, (brand) => ({
    service: 'Seller representation (sample)',
    street: SAMPLE.street,
    total: formatCents(SAMPLE.amountCents),
    invoiceUrl: invoiceUrl(brand),
  })),
  'order-cancelled': entry(templates.orderCancelled, (brand) => ({
    service: SAMPLE.description,
    street: SAMPLE.street,
    reason: 'The photographer cannot reach the property in the time asked for (sample).',
    ordersUrl: `${brand.publicUrl}/dashboard?property=${SAMPLE.propertyHash}`,
  })),
  'work-order-update': entry(templates.workOrderUpdate, (brand) => ({
    street: SAMPLE.street,
    what: 'Sign post install',
    change: { state: 'scheduled' as const, day: 'June 30, 2027' },
    pageUrl: `${brand.publicUrl}/dashboard/signage?property=${SAMPLE.propertyHash}`,
  })),
  'listing-weekly-summary': entry(templates.listingWeeklySummary, (brand) => ({
    street: SAMPLE.street,
    week: 'May 31 to June 6, 2027',
    views: 412,
    figures: LISTING_ANALYTICS_METRICS.map((m, i) => ({
      label: LISTING_ANALYTICS_LABELS[m],
      value: [412, 230, 96, 3, 2, 1][i] ?? 0,
    })),
    analyticsUrl: `${brand.publicUrl}${LISTING_TOOLS_PAGES.tab('analytics', SAMPLE.propertyHash)}`,
    unsubscribeUrl: `${brand.publicUrl}${LISTING_SUMMARY_UNSUBSCRIBE_PATH}?token=${SAMPLE.token}`,
    postalAddress: '100 Sample Avenue, Suite 1, Springfield, IL 62701',
  })),
  'showing-requested': entry(templates.showingRequested, (brand) => ({
    street: SAMPLE.street,
    buyerName: SAMPLE.customer,
    when: SAMPLE.showingTime,
    minutes: 30,
    note: 'We are moving to town in the spring (sample).',
    answerUrl: link(brand, SHOWING_LINK_PAGE),
    dashboardUrl: `${brand.publicUrl}${LISTING_TOOLS_PAGES.tab(SHOWINGS_TAB, SAMPLE.propertyHash)}`,
  })),
  'showing-confirmed': entry(templates.showingConfirmed, (brand) => ({
    street: SAMPLE.street,
    when: SAMPLE.showingTime,
    minutes: 30,
    to: 'seller' as const,
    buyerName: SAMPLE.customer,
    buyerPhone: '(555) 010-0000',
    manageUrl: link(brand, SHOWING_LINK_PAGE),
  })),
  'showing-proposed': entry(templates.showingProposed, (brand) => ({
    street: SAMPLE.street,
    asked: SAMPLE.showingTime,
    proposed: 'Sunday, June 6, 2027 at 2:00 PM CDT',
    answerUrl: link(brand, SHOWING_LINK_PAGE),
  })),
  'showing-declined': entry(templates.showingDeclined, (brand) => ({
    street: SAMPLE.street,
    when: SAMPLE.showingTime,
    listingUrl: `${brand.publicUrl}/listings/123-sample-street-sample`,
  })),
  'showing-cancelled': entry(templates.showingCancelled, (brand) => ({
    street: SAMPLE.street,
    when: SAMPLE.showingTime,
    to: 'seller' as const,
    by: 'buyer' as const,
    buyerName: SAMPLE.customer,
    calendar: true,
    url: `${brand.publicUrl}${LISTING_TOOLS_PAGES.tab(SHOWINGS_TAB, SAMPLE.propertyHash)}`,
  })),
  'transaction-access-confirm': entry(templates.transactionAccessConfirm, (brand) => ({
    street: SAMPLE.street,
    name: SAMPLE.customer,
    confirmUrl: link(brand, TRANSACTION_ACCESS_PAGES.confirm),
    hours: TRANSACTION_ACCESS_CONFIRM_HOURS,
  })),
  'transaction-access-requested': entry(templates.transactionAccessRequested, (brand) => ({
    street: SAMPLE.street,
    name: SAMPLE.customer,
    company: 'Sample Title Company',
    role: TRANSACTION_ACCESS_ROLES.title_escrow.label,
    email: SAMPLE.email,
    message: 'We hold escrow for the buyer’s offer (sample).',
    dashboardUrl: `${brand.publicUrl}${LISTING_TOOLS_PAGES.tab(TRANSACTION_ACCESS_TAB, SAMPLE.propertyHash)}`,
  })),
  'transaction-access-granted': entry(templates.transactionAccessGranted, (brand) => ({
    street: SAMPLE.street,
    name: SAMPLE.customer,
    until: 'Saturday, June 5, 2027',
    accessUrl: link(brand, TRANSACTION_ACCESS_PAGES.view),
  })),
  'transaction-access-refused': entry(templates.transactionAccessRefused, () => ({
    street: SAMPLE.street,
    name: SAMPLE.customer,
  })),
  'trip-charge': entry(templates.tripCharge, (brand) => ({
    street: SAMPLE.street,
    what: 'Sign post install',
    reason: 'The gate was locked and nobody answered.',
    total: '$53.13',
    invoiceUrl: `${brand.publicUrl}/dashboard/invoices/${SAMPLE.invoiceHash}`,
  })),
  'photo-appointment': entry(templates.photoAppointment, (brand) => ({
    to: 'customer' as const,
    change: 'moved' as const,
    street: SAMPLE.street,
    when: 'Wednesday, June 30, 2027, 10:30 AM CDT',
    before: 'Tuesday, June 29, 2027, 9:00 AM CDT',
    photographer: 'Pat Lee',
    pageUrl: `${brand.publicUrl}/dashboard/photography?property=${SAMPLE.propertyHash}`,
  })),
  'webhook-disabled': entry(templates.webhookDisabled, (brand) => ({
    url: 'https://hooks.example.com/lantern',
    failingSince: 'Monday, June 28, 2027, 9:00 AM CDT',
    lastError: 'HTTP 500',
    pageUrl: `${brand.publicUrl}${PATHS.accountSettings}#webhooks`,
  })),
};

const isKey = (key: string): key is TMailTemplateKey => Object.hasOwn(MAIL_PREVIEWS, key);

/** Email management's previews: the real template function on sample values (decision 026). */
export function createMailPreviews(brand: BrandData) {
  return {
    /** The template rendered for staff; null for a name that is not one of ours. */
    preview(key: string): TMailPreview | null {
      if (!isKey(key)) return null;
      return { key, ...MAIL_TEMPLATES[key], ...MAIL_PREVIEWS[key].render(brand) };
    },
  };
}
export type MailPreviews = ReturnType<typeof createMailPreviews>;
