import { join } from 'node:path';
import { seedMlsBoards } from '@lantern/db/seed';
import fp from 'fastify-plugin';
import { mailBrand } from './brand.ts';
import { createMailer, type Mailer } from './index.ts';
import { createNewsletterService, type NewsletterService } from './newsletter/newsletter.ts';
import { createOutbox, type Outbox } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Every mail goes through it: a kind of job (docs/decisions/012 and 014). */
    outbox: Outbox;
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
    const outbox = createOutbox({ jobs: app.jobs, mailer, domain: config.publicUrl.hostname });
    app.decorate('outbox', outbox);
    app.decorate(
      'newsletter',
      createNewsletterService({
        subscribers: app.newsletterSubscribers,
        outbox,
        secret: config.sessionSecret,
        brand: mailBrand(config),
        log: app.log,
      }),
    );
    await seedMlsBoards(app.db);
    // The runner closes first (it waits for mail being sent), then the transport.
    app.addHook('onClose', async () => {
      await app.jobs.close();
      mailer.close();
    });
  },
  { name: 'public-site', dependencies: ['services', 'repositories', 'jobs'] },
);
