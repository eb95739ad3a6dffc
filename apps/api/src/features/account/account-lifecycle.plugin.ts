import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { type AccountSettingsService, createAccountSettingsService } from './account-settings.ts';
import {
  createEmailVerificationService,
  type EmailVerificationService,
} from './email-verification.ts';
import { createSocialSignIn, type SocialSignIn } from './oidc/social-sign-in.ts';
import {
  createPasswordResetService,
  type PasswordResetService,
} from './password-reset/password-reset.ts';
import { createPhoneService, type PhoneService } from './phone/phone.ts';

declare module 'fastify' {
  interface FastifyInstance {
    passwordResets: PasswordResetService;
    emailVerification: EmailVerificationService;
    phones: PhoneService;
    socialSignIn: SocialSignIn;
    accountSettings: AccountSettingsService;
  }
}

/**
 * Account lifecycle services (issues 7 and 8): password reset (link and PIN), phone and email
 * verification, social sign-in. Texts go through app.texts (features/texts/texts.plugin.ts).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const brand = mailBrand(config);
    const { outbox, texts } = app;
    const phones = createPhoneService({
      phones: app.userPhones,
      texts,
      secret: config.sessionSecret,
      siteName: config.siteName,
    });
    app.decorate('phones', phones);
    app.decorate(
      'passwordResets',
      createPasswordResetService({
        resets: app.passwordResetTokens,
        users: app.users,
        outbox,
        brand,
        phones,
        texts,
        secret: config.sessionSecret,
      }),
    );
    app.decorate(
      'emailVerification',
      createEmailVerificationService({
        verifications: app.emailVerifications,
        users: app.users,
        outbox,
        secret: config.sessionSecret,
        brand,
        log: app.log,
      }),
    );
    app.decorate(
      'accountSettings',
      createAccountSettingsService({
        users: app.users,
        sessions: app.sessions,
        currentUser: app.currentUser,
        newsletter: app.newsletter,
        outbox,
        brand,
        crm: app.crm,
      }),
    );
    app.decorate(
      'socialSignIn',
      createSocialSignIn({
        social: config.social,
        publicUrl: config.publicUrl,
        users: app.users,
        identities: app.identities,
        attempts: app.oauthAttempts,
        emailVerification: app.emailVerification,
        crm: app.crm,
      }),
    );
  },
  {
    name: 'account-lifecycle',
    dependencies: ['services', 'public-site', 'repositories', 'crm', 'texts'],
  },
);
