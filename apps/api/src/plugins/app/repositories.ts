import fp from 'fastify-plugin';
import { type ActivityRepository, createActivityRepository } from '../../repositories/activity.ts';
import { type CouponRepository, createCouponRepository } from '../../repositories/coupons.ts';
import {
  createEmailVerificationRepository,
  type EmailVerificationRepository,
} from '../../repositories/email-verifications.ts';
import {
  createFsboListingRepository,
  type FsboListingRepository,
} from '../../repositories/fsbo-listings.ts';
import {
  createIdentityRepository,
  type IdentityRepository,
} from '../../repositories/identities.ts';
import { createInvoiceRepository, type InvoiceRepository } from '../../repositories/invoices.ts';
import { createListingRepository, type ListingRepository } from '../../repositories/listings.ts';
import { createMessageRepository, type MessageRepository } from '../../repositories/messages.ts';
import {
  createMlsListingRepository,
  type MlsListingRepository,
} from '../../repositories/mls-listings.ts';
import {
  createNewsletterSubscriberRepository,
  type NewsletterSubscriberRepository,
} from '../../repositories/newsletter-subscribers.ts';
import {
  createOauthAttemptRepository,
  type OauthAttemptRepository,
} from '../../repositories/oauth-attempts.ts';
import { createOrderRepository, type OrderRepository } from '../../repositories/orders.ts';
import {
  createParticipantRepository,
  type ParticipantRepository,
} from '../../repositories/participants.ts';
import {
  createPasswordResetRepository,
  type PasswordResetRepository,
} from '../../repositories/password-resets.ts';
import { createPaymentRepository, type PaymentRepository } from '../../repositories/payments.ts';
import { createPhoneRepository, type PhoneRepository } from '../../repositories/phones.ts';
import {
  createPropertyUpdater,
  type PropertyUpdater,
} from '../../repositories/properties-update.ts';
import { createPropertyWriter, type PropertyWriter } from '../../repositories/properties-write.ts';
import { createTaxRateRepository, type TaxRateRepository } from '../../repositories/tax-rates.ts';
import {
  createTwoFactorRepository,
  type TwoFactorRepository,
} from '../../repositories/two-factor.ts';

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
 * queries live in src/repositories, and routes and services reach them only through `app`.
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
