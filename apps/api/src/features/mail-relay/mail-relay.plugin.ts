import fp from 'fastify-plugin';
import { type InboundSmtp, startInboundSmtp } from './inbound-smtp.ts';
import { createMailRelay, type MailRelay } from './mail-relay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reply-To addresses on our mails and the replies to them (issue 22, decision 041). */
    mailRelay: MailRelay;
    /** The inbound SMTP listener for those replies, when INBOUND_SMTP_PORT is set. */
    inboundSmtp: InboundSmtp | null;
  }
}

/**
 * The mail relay. Services that own threads register their handler (`app.mailRelay.handle`) as
 * they load; the listener starts once the app is ready, so no mail arrives before its handler.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const relay = createMailRelay({
      secret: config.sessionSecret,
      domain: config.mailReplyDomain,
    });
    app.decorate('mailRelay', relay);
    app.decorate('inboundSmtp', null);
    const inbound = config.inboundSmtp;
    if (!inbound) return;
    app.addHook('onReady', async () => {
      app.inboundSmtp = await startInboundSmtp({
        port: inbound.port,
        host: inbound.host,
        banner: `${config.siteName} mail relay`,
        log: app.log,
        recipient: (address) => relay.recipient(address),
        receive: (mail) => relay.receive(mail),
      });
    });
    app.addHook('onClose', async () => {
      await app.inboundSmtp?.close();
    });
  },
  { name: 'mail-relay' },
);
