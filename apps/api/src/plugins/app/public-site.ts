import { join } from 'node:path';
import { seedMlsBoards } from '@lantern/db/seed';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../services/mail/index.ts';
import {
  createNewsletterService,
  type NewsletterService,
} from '../../services/newsletter/newsletter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    newsletter: NewsletterService;
  }
}

/**
 * The public site's server side (issue 3): the mail adapter, the newsletter list, and the MLS
 * directory seed (rows already present are left as staff edited them).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const mailer = createMailer({
      url: config.mailUrl,
      from: config.mailFrom,
      dir: join(config.dataDir, 'mail'),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.decorate(
      'newsletter',
      createNewsletterService({
        db: app.db,
        mailer,
        secret: config.sessionSecret,
        brand: {
          siteName: config.siteName,
          supportPhone: config.supportPhone,
          publicUrl: config.publicUrl.origin,
        },
        log: app.log,
      }),
    );
    await seedMlsBoards(app.db);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'public-site', dependencies: ['services'] },
);
