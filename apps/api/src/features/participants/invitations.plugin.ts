import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createInvitationService, type InvitationService, type Joined } from './invitations.ts';
import { announceJoined } from './joined.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Inviting people to a property and taking invitations up (services/participants). */
    invitations: InvitationService & {
      /** Tell the joiner's tabs and the property's participants that someone joined. */
      announceJoined(userId: number, joined: Joined[]): Promise<void>;
      /** Decision 055: take up the invitations to the user's verified address, and tell. */
      joinByVerifiedEmail(request: FastifyRequest, userId: number): Promise<Joined[]>;
    };
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const service = createInvitationService({
      participants: app.participants,
      users: app.users,
      outbox: app.outbox,
      brand: mailBrand(config),
      verifiedEmail: async (userId) => {
        const { email, verified } = await app.emailVerification.status(userId);
        return verified ? email : null;
      },
    });
    const announce = (userId: number, joined: Joined[]) =>
      announceJoined({ currentUser: app.currentUser, realtime: app.realtime }, userId, joined);
    const joinByVerifiedEmail = async (request: FastifyRequest, userId: number) => {
      const entry = await app.auditEntryBase(request, userId);
      const joined = await service.acceptForVerifiedEmail(userId, entry);
      await announce(userId, joined);
      return joined;
    };
    app.decorate('invitations', { ...service, announceJoined: announce, joinByVerifiedEmail });
    // Every sign-in (password, social, two-factor, sign-up) takes up what a verified address is owed.
    app.onSignedIn(async (request, userId) => {
      await joinByVerifiedEmail(request, userId);
    });
  },
  {
    name: 'invitations',
    dependencies: ['repositories', 'public-site', 'account-lifecycle', 'audit', 'auth', 'realtime'],
  },
);
