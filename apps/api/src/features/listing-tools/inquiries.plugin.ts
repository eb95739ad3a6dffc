import { INQUIRY_LIMITS } from '@lantern/contracts';
import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createInquiryService, type InquiryService } from './inquiries/inquiries.ts';
import { createInquiryRepository } from './inquiries.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Buyers' questions about listings, answered through the mail relay (issue 22, decision 041). */
    inquiries: InquiryService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const service = createInquiryService({
      repo: createInquiryRepository(app.db),
      mail: (mail) => app.outbox.enqueue(mail),
      brand: mailBrand(config),
      relay: app.mailRelay,
      analytics: app.listingAnalytics,
    });
    app.decorate('inquiries', service);
    app.mailRelay.handle('inquiry', {
      maxLength: INQUIRY_LIMITS.message,
      handle: (reply) => service.mailed(reply),
    });
  },
  {
    name: 'inquiries',
    dependencies: ['repositories', 'public-site', 'mail-relay', 'listing-analytics'],
  },
);
