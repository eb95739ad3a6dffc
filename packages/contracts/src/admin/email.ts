import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/**
 * Every mail the product sends (apps/api/src/features/mail/templates.ts), as staff know it on
 * Email management (issue 20; docs/decisions/026-email-management.md). The API renders each with
 * sample values; a test keeps this list equal to the template functions.
 */
export const MAIL_TEMPLATES = {
  'email-verification': {
    name: 'Confirm your email',
    purpose:
      'Sent when an account is created, when its owner asks for a fresh link, and when staff resend it. The link confirms the address.',
  },
  'password-reset-link': {
    name: 'Reset your password',
    purpose:
      'Sent when someone asks for a reset link on the Forgot password page. The link works once, for a limited time.',
  },
  'password-changed': {
    name: 'Password changed',
    purpose:
      'Sent after a password was changed through a reset link or PIN, so an owner who did not do it can act.',
  },
  'email-changed': {
    name: 'Sign-in email changed',
    purpose:
      'Sent to the previous address when an account’s sign-in email is changed in Account Settings.',
  },
  'participant-invitation': {
    name: 'Invitation to a property',
    purpose:
      'Sent when an owner invites someone to take part in a property, with a link to accept.',
  },
  'referral-invitation': {
    name: 'Referral invitation',
    purpose:
      'Sent when a referrer or referral agent refers someone from the vendor area, with a single-use link to sign up or sign in and accept.',
  },
  'newsletter-confirmation': {
    name: 'Confirm the newsletter',
    purpose: 'Sent when someone signs up for the newsletter on the public site (double opt-in).',
  },
  'promo-confirmation': {
    name: 'Confirm news and offers',
    purpose: 'Sent when the “news and offers” box is ticked at sign-up (double opt-in).',
  },
  'payment-receipt': {
    name: 'Payment receipt',
    purpose:
      'Sent to the person billed when an invoice is paid in full, with the receipt attached as a PDF.',
  },
  'invoice-paid': {
    name: 'Invoice paid',
    purpose: 'Sent to a property’s other owners when one of its invoices is paid in full.',
  },
  'listing-signature-request': {
    name: 'Sign the listing agreement',
    purpose:
      'Sent to each owner named on an MLS listing who has not signed its agreement (or renewal) yet.',
  },
  'listing-submitted': {
    name: 'Listing signed and with our team',
    purpose: 'Sent to the owners when the last one signs and the listing goes to staff review.',
  },
  'listing-with-concierge': {
    name: 'Listing signed and with the concierge',
    purpose:
      'Sent to the owners when the last one signs and the listing goes to its concierge before staff review.',
  },
  'concierge-listing-waiting': {
    name: 'Listing waits for the concierge',
    purpose:
      'Sent to the concierges assigned to a property when its owners have signed the MLS listing and it waits for their review.',
  },
  'listing-concierge-returned': {
    name: 'Concierge returned the listing',
    purpose: 'Sent to the owners when their concierge returns the listing with notes.',
  },
  'listing-concierge-ready': {
    name: 'Concierge sent the listing on',
    purpose: 'Sent to the owners when their concierge marks the listing ready for staff review.',
  },
  'listing-concierge-handed': {
    name: 'Concierge handed the draft back',
    purpose:
      'Sent to the owners when their concierge has worked on the listing draft and hands it back for them to review the changes and sign.',
  },
  'listing-live': {
    name: 'Listing live on the MLS',
    purpose: 'Sent to the owners when staff approve the listing and enter its MLS number.',
  },
  'listing-returned': {
    name: 'Listing sent back',
    purpose: 'Sent to the owners when staff send a listing back, with the reasons to fix.',
  },
  'listing-rejected': {
    name: 'Listing cannot be listed',
    purpose:
      'Sent to the owners when staff find a listing cannot go on an MLS and refund its invoice in full.',
  },
  'listing-change-decided': {
    name: 'Listing change done or declined',
    purpose: 'Sent to the owners when staff carry out or decline a change request.',
  },
  'listing-expiry-reminder': {
    name: 'Listing ends soon',
    purpose: 'Sent to the owners 14 days before a live listing’s end date, with a link to renew.',
  },
  'listing-expired': {
    name: 'Listing expired',
    purpose: 'Sent to the owners when a live listing’s end date passed without a renewal.',
  },
  'listing-closing-reminder': {
    name: 'Tell us when it closes',
    purpose:
      'Sent when a listing becomes Active under contract or Pending: report the closing within one business day.',
  },
  'support-reply': {
    name: 'Support ticket answered',
    purpose: 'Sent to the customer with each answer staff write on their support ticket.',
  },
  'support-customer-reply': {
    name: 'Customer replied on a ticket',
    purpose: 'Sent to the staff member handling a support ticket when the customer writes on it.',
  },
  'inquiry-to-seller': {
    name: 'A buyer asked a question',
    purpose:
      "Sent to a listing's owners when a visitor asks a question on the listing page, and when the buyer writes again. Replying to it answers the buyer through the relay.",
  },
  'inquiry-answer': {
    name: 'The seller answered',
    purpose:
      "Sent to a buyer with the seller's answer to their question. Replying to it reaches the seller through the relay; neither sees the other's address.",
  },
  'document-rejected': {
    name: 'Document sent back',
    purpose:
      'Sent to whoever uploaded a property document when staff send it back, with the reason and a link to send a new file.',
  },
  'settlement-cda-decided': {
    name: 'Commission disbursement decided',
    purpose:
      'Sent to the settlement agent who signed a commission disbursement authorisation when staff approve it or send it back, with their note and a link to the transaction.',
  },
  'settlement-cda-signed': {
    name: 'Commission disbursement to approve',
    purpose:
      'Sent to the staff who may approve commission disbursements when a settlement agent signs one, with a link to review it.',
  },
  'settlement-documents-ready': {
    name: 'Closing documents ready',
    purpose:
      "Sent to a property's sellers when staff approve the commission disbursement of their sale: the settlement statement and the signed authorisation are in their documents.",
  },
  'agent-hours-logged': {
    name: 'Agent logged time',
    purpose:
      'Sent to whoever placed an hourly representation order each time their agent logs time on it, with the amount and what is not billed yet.',
  },
  'agent-offer-recorded': {
    name: 'An offer came in',
    purpose:
      "Sent to the property's customers when their agent records an offer received, with its price, the buyer's agent and when it expires.",
  },
  'lockbox-reminder': {
    name: 'Lockbox rental reminder',
    purpose:
      'Sent to the owners 7 days before a lockbox rental ends, on its end date, and 7, 14 and 21 days after while the lockbox is out.',
  },
  'lockbox-deposit-forfeited': {
    name: 'Lockbox deposit kept',
    purpose: 'Sent to the owners when a lockbox is 30 days overdue and its deposit is kept.',
  },
  'order-quote-ready': {
    name: 'Quote ready',
    purpose: 'Sent to the customer when staff price a quoted service and its invoice is issued.',
  },
  'order-cancelled': {
    name: 'Order cancelled',
    purpose: 'Sent to the customer when staff cancel their order, with the reason given.',
  },
  'work-order-update': {
    name: 'Work order changed',
    purpose:
      'Sent to the customer who placed the order each time a trip to their property (sign post, lockbox, photography) is requested, scheduled, assigned, on its way, done, failed or cancelled.',
  },
  'listing-weekly-summary': {
    name: 'Weekly listing summary',
    purpose:
      'Sent on Mondays to each owner of a listing on the market with last week’s page views, visitors, gallery opens and leads, when there were any. A marketing mail: it has a one-click unsubscribe and our postal address, and is not sent without BUSINESS_POSTAL_ADDRESS.',
  },
  'showing-requested': {
    name: 'Showing requested',
    purpose:
      "Sent to each owner of a public listing when a visitor asks to see it, with a link to confirm, propose another time or decline. The buyer's email is not in it.",
  },
  'showing-confirmed': {
    name: 'Showing confirmed',
    purpose:
      'Sent to the buyer and to each owner when a showing is confirmed, with the calendar invitation (.ics) attached and a link to cancel.',
  },
  'showing-proposed': {
    name: 'Another showing time proposed',
    purpose:
      'Sent to the buyer when the seller proposes another time, with a link to accept it or cancel.',
  },
  'showing-declined': {
    name: 'Showing declined',
    purpose: 'Sent to the buyer when the seller cannot show the home at the time asked for.',
  },
  'showing-cancelled': {
    name: 'Showing cancelled',
    purpose:
      'Sent to both sides when a showing is cancelled (with a calendar cancellation when it had been confirmed), and to the owners when a buyer withdraws a request.',
  },
  'transaction-access-confirm': {
    name: 'Confirm a transaction access request',
    purpose:
      'Sent to someone who asked for transaction access from a listing page, with the link that confirms their email. The owners see the request only once it is opened.',
  },
  'transaction-access-requested': {
    name: 'Transaction access requested',
    purpose:
      'Sent to each owner of a listing when a confirmed request for transaction access arrives (name, company, part in the deal, email, message), with a link to the dashboard to answer it.',
  },
  'transaction-access-granted': {
    name: 'Transaction access given',
    purpose:
      'Sent to the requester when the owners give access, with the private link to the shared view and the day it ends.',
  },
  'transaction-access-refused': {
    name: 'Transaction access refused',
    purpose: 'Sent to the requester when the owners refuse their request.',
  },
  'trip-charge': {
    name: 'Trip charge',
    purpose:
      'Sent to the customer who placed the order when staff add the trip charge of a trip that could not be finished, with a link to its invoice.',
  },
  'photo-appointment': {
    name: 'Photography appointment',
    purpose:
      'Sent to the customer and to the photographer when the customer books, moves or cancels a photography appointment.',
  },
  'photo-shoot-delivered': {
    name: 'Photographs delivered',
    purpose:
      'Sent to the customer who ordered photography when staff approve the photographer’s shoot, with a link to the gallery on the Photography page.',
  },
  'photo-shoot-returned': {
    name: 'Photographs sent back',
    purpose:
      'Sent to the photographer when staff send a shoot back before it reaches the customer, with what to change.',
  },
  'valuation-report-ready': {
    name: 'Valuation report ready',
    purpose:
      'Sent to the customer who paid for a Comps Report or Home Value Report when it is made (or made again), with a link to read it.',
  },
  'valuation-report-refunded': {
    name: 'Valuation report refunded',
    purpose:
      'Sent to the customer when a paid valuation report could not be made because the home lost its coverage of recent sales, saying the payment was refunded.',
  },
  'webhook-disabled': {
    name: 'Webhook endpoint turned off',
    purpose:
      'Sent to the owner of a webhook endpoint whose deliveries failed for 3 days, when it is turned off, with a link to its deliveries.',
  },
} as const satisfies Record<string, { name: string; purpose: string }>;

export type TMailTemplateKey = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATES) as [
  TMailTemplateKey,
  ...TMailTemplateKey[],
];

export const ZMailTemplateParamsSchema = z.object({ key: singleLineText().max(80) });

/** One template rendered by its real function with sample values, never a real person's. */
export const ZMailPreviewSchema = z.object({
  key: z.string(),
  name: z.string(),
  purpose: z.string(),
  subject: z.string(),
  /** The HTML body exactly as sent; show it only in a sandboxed frame. */
  html: z.string(),
  text: z.string(),
});
export type TMailPreview = z.infer<typeof ZMailPreviewSchema>;

/**
 * A mail's state, from its job (docs/decisions/017-background-jobs.md): queued (not tried yet),
 * sending (an instance holds it now), retrying (a try failed; another is due), sent, failed
 * (every try failed).
 */
export const MAIL_STATES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export type TMailState = (typeof MAIL_STATES)[number];

export const ZMailOutboxQuerySchema = ZListQuerySchema.extend({
  state: z.enum(['all', ...MAIL_STATES]).default('all'),
});
export type TMailOutboxQuery = z.input<typeof ZMailOutboxQuerySchema>;

/** A mail in the outbox: address and subject only. A body can hold a sign-in link. */
export const ZMailRowSchema = z.object({
  id: z.number().int(),
  state: z.enum(MAIL_STATES),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When the next try is due; null once sent or failed. */
  nextTryAt: z.string().nullable(),
  /** When it was sent or gave up; null until then. */
  finishedAt: z.string().nullable(),
  /** What the mail server answered on the last failed try (a bounce reason, a refused connection). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type TMailRow = z.infer<typeof ZMailRowSchema>;
export const ZMailOutboxPageSchema = pageSchema(ZMailRowSchema);
export const ZMailIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const EMAIL_TEXTS = {
  notFailed: 'Only a failed mail can be retried; this one is not failed any more.',
} as const;
