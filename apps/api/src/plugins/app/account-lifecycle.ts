import fp from 'fastify-plugin';
import {
  createEmailVerificationService,
  type EmailVerificationService,
} from '../../services/email-verification/email-verification.ts';
import { createOutbox, type Outbox } from '../../services/mail/outbox.ts';
import {
  createPasswordResetService,
  type PasswordResetService,
} from '../../services/password-reset/password-reset.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
    passwordResets: PasswordResetService;
    emailVerification: EmailVerificationService;
  }
}

/** Account lifecycle services (issue 8): the mail outbox, password reset and email verification. */
export default fp(
  async (app) => {
    const { config } = app;
    const brand = {
      siteName: config.siteName,
      supportPhone: config.supportPhone,
      publicUrl: config.publicUrl.origin,
    };
    const outbox = createOutbox({
      db: app.db,
      mailer: app.mailer,
      log: app.log,
      pollMs: config.mailOutboxPollMs,
    });
    app.decorate('outbox', outbox);
    app.decorate(
      'passwordResets',
      createPasswordResetService({ db: app.db, users: app.users, outbox, brand }),
    );
    app.decorate(
      'emailVerification',
      createEmailVerificationService({
        db: app.db,
        outbox,
        secret: config.sessionSecret,
        brand,
        log: app.log,
      }),
    );
    // Mail left from before a restart goes out as soon as the server is up.
    app.addHook('onReady', async () => {
      outbox.deliverDue().catch((err) => app.log.error({ err }, 'mail outbox run failed'));
    });
    app.addHook('onClose', async () => outbox.close());
  },
  { name: 'account-lifecycle', dependencies: ['services', 'public-site'] },
);
