import fp from 'fastify-plugin';
import { createInquiryRepository, type InquiryRepository } from '../../repositories/inquiries.ts';
import { type InboundSmtp, startInboundSmtp } from '../../services/inquiries/inbound-smtp.ts';
import { createInquiryService, type InquiryService } from '../../services/inquiries/inquiries.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Buyers' questions about listings and the mail relay (issue 22, decision 041). */
    inquiries: InquiryService;
    inquiryRecords: InquiryRepository;
    /** The inbound SMTP listener for relay replies, when INBOUND_SMTP_PORT is set. */
    inboundSmtp: InboundSmtp | null;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const repo = createInquiryRepository(app.db);
    const service = createInquiryService({
      repo,
      mail: (mail) => app.outbox.enqueue(mail),
      brand: {
        siteName: config.siteName,
        supportPhone: config.supportPhone,
        publicUrl: config.publicUrl.origin,
      },
      secret: config.sessionSecret,
      replyDomain: config.mailReplyDomain,
    });
    app.decorate('inquiryRecords', repo);
    app.decorate('inquiries', service);
    app.decorate('inboundSmtp', null);
    const inbound = config.inboundSmtp;
    if (inbound) {
      const listener = await startInboundSmtp({
        port: inbound.port,
        host: inbound.host,
        banner: `${config.siteName} mail relay`,
        log: app.log,
        recipient: (address) => service.recipient(address),
        receive: (mail) => service.receive(mail),
      });
      app.inboundSmtp = listener;
      app.addHook('onClose', () => listener.close());
    }
  },
  { name: 'inquiries', dependencies: ['repositories', 'public-site', 'listing-tools'] },
);
