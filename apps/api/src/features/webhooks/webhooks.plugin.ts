import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createSecretBox } from './secret-box.ts';
import { createWebhookRepository, type WebhookRepository } from './webhooks.repository.ts';
import { createWebhookService, type WebhookService } from './webhooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhookRepo: WebhookRepository;
    /** Outbound webhooks (issue 25; docs/decisions/053-outbound-webhooks.md). */
    webhooks: WebhookService;
  }
}

/**
 * Outbound webhooks: endpoints, `app.webhooks.emit` for the services whose events they carry,
 * and the `webhook.deliver` job. Registered before those services so they can emit.
 */
export default fp(
  async (app) => {
    const repo = createWebhookRepository(app.db);
    const service = createWebhookService({
      repo,
      jobs: app.jobs,
      access: app.access,
      currentUser: app.currentUser,
      outbox: app.outbox,
      brand: mailBrand(app.config),
      secrets: createSecretBox(app.config.sessionSecret),
      allowPrivate: app.config.webhookAllowPrivateAddresses,
      timeZone: app.config.businessTimeZone,
      log: app.log,
    });
    app.decorate('webhookRepo', repo);
    app.decorate('webhooks', service);
  },
  { name: 'webhooks', dependencies: ['services', 'access', 'jobs', 'public-site'] },
);
