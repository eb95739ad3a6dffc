import fp from 'fastify-plugin';
import {
  createEmailVerificationRepository,
  type EmailVerificationRepository,
} from '../../features/account/email-verifications.repository.ts';
import {
  createIdentityRepository,
  type IdentityRepository,
} from '../../features/account/identities.repository.ts';
import {
  createOauthAttemptRepository,
  type OauthAttemptRepository,
} from '../../features/account/oauth-attempts.repository.ts';
import {
  createPasswordResetRepository,
  type PasswordResetRepository,
} from '../../features/account/password-resets.repository.ts';
import {
  createPhoneRepository,
  type PhoneRepository,
} from '../../features/account/phones.repository.ts';
import {
  createTwoFactorRepository,
  type TwoFactorRepository,
} from '../../features/account/two-factor.repository.ts';
import {
  type ActivityRepository,
  createActivityRepository,
} from '../../features/audit/activity.repository.ts';
import {
  createFsboListingRepository,
  type FsboListingRepository,
} from '../../features/fsbo-listing/fsbo-listings.repository.ts';
import {
  createNewsletterSubscriberRepository,
  type NewsletterSubscriberRepository,
} from '../../features/mail/newsletter-subscribers.repository.ts';
import {
  createMlsListingRepository,
  type MlsListingRepository,
} from '../../features/mls-listing/mls-listings.repository.ts';
import {
  type CouponRepository,
  createCouponRepository,
} from '../../features/orders/coupons.repository.ts';
import {
  createOrderRepository,
  type OrderRepository,
} from '../../features/orders/orders.repository.ts';
import {
  createTaxRateRepository,
  type TaxRateRepository,
} from '../../features/orders/tax-rates.repository.ts';
import {
  createOwnerListingRepository,
  type OwnerListingRepository,
} from '../../features/owner-listings/owner-listings.repository.ts';
import {
  createMessageRepository,
  type MessageRepository,
} from '../../features/participants/messages.repository.ts';
import {
  createParticipantRepository,
  type ParticipantRepository,
} from '../../features/participants/participants.repository.ts';
import {
  createInvoiceRepository,
  type InvoiceRepository,
} from '../../features/payments/invoices.repository.ts';
import {
  createPaymentRepository,
  type PaymentRepository,
} from '../../features/payments/payments.repository.ts';
import {
  createPropertyUpdater,
  type PropertyUpdater,
} from '../../features/properties/properties-update.repository.ts';
import {
  createPropertyWriter,
  type PropertyWriter,
} from '../../features/properties/properties-write.repository.ts';
import {
  createListingRepository,
  type ListingRepository,
} from '../../features/public-listings/listings.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reset links and texted PINs (app.passwordResets is the service). */
    passwordResetTokens: PasswordResetRepository;
    /** Two-step secrets, recovery codes and waiting sign-ins (app.twoFactor is the service). */
    twoFactorRecords: TwoFactorRepository;
    /** Verification state per account (app.emailVerification is the service). */
    emailVerifications: EmailVerificationRepository;
    /** Verified and pending phone numbers (app.phones is the verification service). */
    userPhones: PhoneRepository;
    activity: ActivityRepository;
    orders: OrderRepository;
    invoices: InvoiceRepository;
    /** Payments and refunds of invoices (app.paymentService holds the rules). */
    payments: PaymentRepository;
    /** Coupons as staff manage them; orders redeem them in their own transaction. */
    coupons: CouponRepository;
    taxRates: TaxRateRepository;
    listings: ListingRepository;
    /** MLS listings being built (issue 16); app.mlsListingService holds the rules. */
    mlsListings: MlsListingRepository;
    /** Free FSBO listings (issue 19); app.fsboListingService holds the rules. */
    fsboListings: FsboListingRepository;
    /** Both kinds of a user's listings, for /api/v1/listings (issue 48). */
    ownerListings: OwnerListingRepository;
    participants: ParticipantRepository;
    messages: MessageRepository;
    newsletterSubscribers: NewsletterSubscriberRepository;
    identities: IdentityRepository;
    oauthAttempts: OauthAttemptRepository;
    propertyWriter: PropertyWriter;
    propertyUpdater: PropertyUpdater;
  }
}

/**
 * The repositories of the customer-facing features, one app-wide decorator each (issue 13):
 * queries live in the features' repositories, and routes and services reach them only through `app`.
 * (users, rateLimits: services.ts; properties, products: property-data.ts; staff: staff-admin.ts.)
 */
export default fp(
  async (app) => {
    const { db } = app;
    app.decorate('activity', createActivityRepository(db));
    app.decorate('userPhones', createPhoneRepository(db));
    app.decorate('passwordResetTokens', createPasswordResetRepository(db));
    app.decorate('twoFactorRecords', createTwoFactorRepository(db));
    app.decorate('emailVerifications', createEmailVerificationRepository(db));
    app.decorate('orders', createOrderRepository(db));
    app.decorate('invoices', createInvoiceRepository(db));
    app.decorate('payments', createPaymentRepository(db));
    app.decorate('coupons', createCouponRepository(db));
    app.decorate('taxRates', createTaxRateRepository(db));
    app.decorate('listings', createListingRepository(db));
    app.decorate('mlsListings', createMlsListingRepository(db));
    app.decorate('fsboListings', createFsboListingRepository(db));
    app.decorate('ownerListings', createOwnerListingRepository(db));
    app.decorate('participants', createParticipantRepository(db));
    app.decorate('messages', createMessageRepository(db));
    app.decorate('newsletterSubscribers', createNewsletterSubscriberRepository(db));
    app.decorate('identities', createIdentityRepository(db));
    app.decorate('oauthAttempts', createOauthAttemptRepository(db));
    app.decorate('propertyWriter', createPropertyWriter(db));
    app.decorate('propertyUpdater', createPropertyUpdater(db));
  },
  { name: 'repositories', dependencies: ['services'] },
);
