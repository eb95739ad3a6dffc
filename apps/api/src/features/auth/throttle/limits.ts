import {
  EMAIL_VERIFICATION_RESEND_SECONDS,
  PASSWORD_RESET_EMAIL_WINDOW_SECONDS,
  PASSWORD_RESET_PER_IP_PER_HOUR,
  PHONE_CODE_RESEND_SECONDS,
} from '@lantern/contracts';
import { LEADS_PER_IP_PER_HOUR } from '@lantern/domain';

/** At most `max` events per `windowMs` for each subject (an IP, a user, a session…). */
export interface Limit {
  /** Prefix of the counter's key; counters of different limits never mix. */
  name: string;
  max: number;
  windowMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Every throttle in one place (issue 12; docs/decisions/003-passwords-and-throttling.md).
 * Counters live in the rate_limits table, so every instance sees the same numbers. A limit
 * whose maximum is configurable (sign-ups, geocoding) takes it from Config at the call.
 */
export const LIMITS = {
  /** Wrong passwords for one email from one address. */
  signInFailures: { name: 'login', max: 5, windowMs: MINUTE },
  /** Wrong passwords from one address, whatever the email (one IP trying many accounts). */
  signInFailuresPerIp: { name: 'login-ip', max: 20, windowMs: 10 * MINUTE },
  /**
   * Wrong passwords from a browser holding a device cookie for the account (OWASP device
   * cookies; issue 41): counted per cookie instead of per IP, so a busy address locks out only
   * unknown browsers. Past it the cookie itself is locked out.
   */
  signInFailuresPerDevice: { name: 'login-device', max: 10, windowMs: HOUR },
  /** Sign-ups per IP: `max` is SIGNUPS_PER_HOUR. */
  signUps: { name: 'signup', max: 20, windowMs: HOUR },
  /** Wrong current passwords in Account Settings, per user: a stolen session cannot guess. */
  accountPasswordFailures: { name: 'account-password', max: 5, windowMs: MINUTE },
  /** Wrong two-step codes per user and address (challenge, enrolment, turning it off). */
  twoFactorFailures: { name: 'two-factor', max: 5, windowMs: MINUTE },
  /** Content-Security-Policy reports per IP (issue 41): anonymous, so each one costs a log line. */
  cspReports: { name: 'csp-report', max: 30, windowMs: 10 * MINUTE },
  /** Social sign-ins started per IP: far above any person's need. */
  socialAttempts: { name: 'social', max: 60, windowMs: 10 * MINUTE },
  /** "Pay" clicks per user (each may ask Stripe for a Checkout session). */
  checkoutSessions: { name: 'checkout', max: 20, windowMs: HOUR },
  /** Phone verification texts per user. */
  /** Webhook deliveries sent again by hand, per user (issue 25). */
  webhookResends: { name: 'webhook-resend', max: 30, windowMs: HOUR },
  phoneCodes: { name: 'phone-code', max: 1, windowMs: PHONE_CODE_RESEND_SECONDS * SECOND },
  /** Verification mails resent per user. */
  verificationResends: {
    name: 'verify-email',
    max: 1,
    windowMs: EMAIL_VERIFICATION_RESEND_SECONDS * SECOND,
  },
  /** Password reset requests per IP, and per email (counted for unknown addresses too). */
  passwordResetsPerIp: { name: 'pwreset-ip', max: PASSWORD_RESET_PER_IP_PER_HOUR, windowMs: HOUR },
  passwordResetsPerEmail: {
    name: 'pwreset-email',
    max: 1,
    windowMs: PASSWORD_RESET_EMAIL_WINDOW_SECONDS * SECOND,
  },
  /** Wrong reset PINs per IP (each PIN also dies after five). */
  resetPinFailures: { name: 'pwreset-pin', max: 20, windowMs: HOUR },
  /** Questions asked from listing pages per IP (issue 22, spam). */
  listingInquiries: { name: 'listing-inquiry', max: LEADS_PER_IP_PER_HOUR, windowMs: HOUR },
  /** Showing requests from listing pages per IP (issue 22, spam). */
  showingRequests: { name: 'showing-request', max: LEADS_PER_IP_PER_HOUR, windowMs: HOUR },
  /** Transaction access requests from listing pages per IP (issue 24): 5 an hour. */
  transactionAccessRequests: { name: 'transaction-access-request', max: 5, windowMs: HOUR },
  /** Confirmation and view links tried per IP: a guessed token is refused long before it could be found. */
  transactionAccessLinks: { name: 'transaction-access-link', max: 120, windowMs: HOUR },
  /** Answers to a listing's text code per buyer's number (issue 22): more are recorded, not answered. */
  textForInfoAnswers: { name: 'text-for-info', max: 5, windowMs: HOUR },
  /** Listing page beacons (views, gallery opens) per IP and listing (issue 22, analytics). */
  listingBeacons: { name: 'listing-beacon', max: 60, windowMs: HOUR },
  /**
   * Portal feed addresses that name no live feed, per IP (issue 49): a feed's token cannot be
   * guessed, so a portal never comes near this; a scan is stopped early.
   */
  portalFeedMisses: { name: 'portal-feed-miss', max: 20, windowMs: HOUR },
  /** Fetches of one portal feed: once a minute on average, far above any portal's schedule. */
  portalFeedFetches: { name: 'portal-feed', max: 60, windowMs: HOUR },
  /** Newsletter subscriptions per IP. */
  newsletterSignUps: { name: 'newsletter', max: 10, windowMs: HOUR },
  /** Participant invitations sent per user: enough for a team, too few for a mailing list. */
  invitations: { name: 'invite', max: 30, windowMs: HOUR },
  /** Referral invitations per referrer and per IP (issue 24): a referrer's contacts, not a list. */
  referralInvitations: { name: 'referral-invite', max: 20, windowMs: HOUR },
  referralInvitationsPerIp: { name: 'referral-invite-ip', max: 40, windowMs: HOUR },
  /** Geocoding and autocomplete per session: `max` is GEOCODES_/AUTOCOMPLETES_PER_MINUTE. */
  geocodes: { name: 'geocode', max: 30, windowMs: MINUTE },
  autocompletes: { name: 'autocomplete', max: 120, windowMs: MINUTE },
  /** Messages written per user. */
  messages: { name: 'messages', max: 30, windowMs: MINUTE },
  /** Properties added per user. */
  newProperties: { name: 'properties', max: 20, windowMs: HOUR },
  /** Orders placed with a coupon code per user (codes cannot be guessed by trying). */
  couponTries: { name: 'coupon', max: 10, windowMs: HOUR },
  /**
   * Open WebSockets per session. Each holds a lease that lives `windowMs` unless renewed (the
   * socket's heartbeat renews it), so a crashed instance's sockets stop counting on their own.
   */
  openSockets: { name: 'sockets', max: 10, windowMs: 90 * SECOND },
} as const satisfies Record<string, Limit>;

/** The subject of LIMITS.signInFailures: one email from one address. */
export function signInSubject(email: string, ip: string): string {
  return `${email.toLowerCase()}|${ip}`;
}
