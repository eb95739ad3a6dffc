import fp from 'fastify-plugin';
import { mailBrand } from '../../services/mail/brand.ts';
import {
  createInvitationService,
  type InvitationService,
} from '../../services/participants/invitations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Inviting people to a property and taking invitations up (services/participants). */
    invitations: InvitationService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'invitations',
      createInvitationService({
        participants: app.participants,
        users: app.users,
        outbox: app.outbox,
        brand: mailBrand(config),
      }),
    );
  },
  { name: 'invitations', dependencies: ['repositories', 'public-site'] },
);
