import { randomBytes } from 'node:crypto';
import {
  INVITATION_PAGE,
  INVITATION_TTL_DAYS,
  MESSAGES,
  PARTICIPANT_MESSAGES,
  PARTICIPANTS_API,
  ROLE_LABELS,
  streetAddressUnit,
  ZAcceptInvitationRequestSchema,
  ZAcceptInvitationResponseSchema,
  ZErrorResponseSchema,
  ZInvitationParamsSchema,
  ZInvitationSchema,
  ZInviteRequestSchema,
  ZLeavePropertyRequestSchema,
  ZParticipantsResponseSchema,
  ZPropertyQuerySchema,
  ZUpdateParticipantRequestSchema,
  ZUserHashParamsSchema,
} from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/app/require-user.ts';
import { createParticipantRepository, LastEditorError } from '../../repositories/participants.ts';
import { participantInvitation } from '../../services/mail/index.ts';
import { LIMITS } from '../../services/throttle/limits.ts';

const DAY_MS = 24 * 60 * 60_000;

const errors = {
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
};
const toInvitation = (row: {
  hash: string;
  email: string;
  role: z.infer<typeof ZInvitationSchema>['role'];
  canEdit: boolean;
  expiresAt: Date;
}) => ({
  hash: row.hash,
  email: row.email,
  role: row.role,
  canEdit: row.canEdit,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * The participants page (issue 6). Anyone on the property sees who takes part; only those with
 * can_edit invite, change and remove, and the last of them can be neither removed nor demoted.
 */
const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createParticipantRepository(app.db);
  app.addHook('preHandler', requireUser);

  const notFound = (reply: FastifyReply) => reply.code(404).send({ message: MESSAGES.notFound });
  const forbidden = (reply: FastifyReply) =>
    reply.code(403).send({ message: PARTICIPANT_MESSAGES.cannotManage });
  const lastEditor = (reply: FastifyReply) =>
    reply.code(422).send({
      message: PARTICIPANT_MESSAGES.lastEditor,
      errors: { canEdit: [PARTICIPANT_MESSAGES.lastEditor] },
    });

  /** Everyone on the property (their menus and pages) hears that the list changed. */
  const announce = (propertyHash: string) =>
    app.realtime.publishToProperty(propertyHash, {
      event: 'ParticipantsChanged',
      data: { hash: propertyHash },
    });

  app.get(
    PARTICIPANTS_API.list,
    {
      schema: {
        tags: ['participants'],
        summary: 'Who takes part in the property, and pending invitations for managers',
        querystring: ZPropertyQuerySchema,
        response: { 200: ZParticipantsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.query.property);
      if (!found) return notFound(reply);
      const canManage = found.participant.canEdit;
      const rows = await repo.list(found.property.id);
      const invitations = canManage ? await repo.pendingInvitations(found.property.id) : [];
      return {
        canManage,
        participants: rows.map(({ userId, ...row }) => ({
          ...row,
          you: userId === request.user.userId,
        })),
        invitations: invitations.map(toInvitation),
      };
    },
  );

  app.post(
    PARTICIPANTS_API.invitations,
    {
      schema: {
        tags: ['participants'],
        summary: 'Invite someone by email to take part in the property with a role',
        body: ZInviteRequestSchema,
        response: { 201: ZInvitationSchema, 429: ZErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const { property, email, role, canEdit } = request.body;
      const found = await app.properties.findForUser(userId, property);
      if (!found) return notFound(reply);
      if (!found.participant.canEdit) return forbidden(reply);
      if (!(await app.throttle.take(reply, LIMITS.invitations, userId))) return reply;
      const refuse = (text: string) =>
        reply.code(422).send({ message: MESSAGES.validationFailed, errors: { email: [text] } });
      if (await repo.hasEmail(found.property.id, email))
        return refuse(PARTICIPANT_MESSAGES.alreadyParticipant);
      const pending = await repo.pendingInvitations(found.property.id);
      if (pending.some((p) => p.email.toLowerCase() === email.toLowerCase()))
        return refuse(PARTICIPANT_MESSAGES.alreadyInvited);

      const token = randomBytes(32).toString('base64url');
      const invitation = await repo.createInvitation({
        propertyId: found.property.id,
        email,
        role,
        canEdit,
        token,
        invitedBy: userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
      });
      const inviter = await app.users.findById(userId);
      const { config } = app;
      // Through the outbox: a mail server that is down delays the invitation, never loses it.
      await app.outbox.send({
        to: email,
        ...participantInvitation(
          {
            siteName: config.siteName,
            supportPhone: config.supportPhone,
            publicUrl: config.publicUrl.origin,
          },
          {
            inviter: inviter?.name || inviter?.email || config.siteName,
            streetAddress: streetAddressUnit(found.property.street, found.property.unit),
            role: ROLE_LABELS[role],
            acceptUrl: `${config.publicUrl.origin}${INVITATION_PAGE}#token=${token}`,
            days: INVITATION_TTL_DAYS,
          },
        ),
      });
      await announce(found.property.hash);
      return reply.code(201).send(toInvitation(invitation));
    },
  );

  app.delete(
    PARTICIPANTS_API.invitation,
    {
      schema: {
        tags: ['participants'],
        summary: 'Cancel a pending invitation',
        params: ZInvitationParamsSchema,
        querystring: ZPropertyQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.query.property);
      if (!found) return notFound(reply);
      if (!found.participant.canEdit) return forbidden(reply);
      if (!(await repo.deleteInvitation(found.property.id, request.params.invitation)))
        return notFound(reply);
      await announce(found.property.hash);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    PARTICIPANTS_API.participant,
    {
      schema: {
        tags: ['participants'],
        summary: "Change a participant's role or whether they can manage the property",
        params: ZUserHashParamsSchema,
        body: ZUpdateParticipantRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { property, role, canEdit } = request.body;
      const found = await app.properties.findForUser(request.user.userId, property);
      if (!found) return notFound(reply);
      if (!found.participant.canEdit) return forbidden(reply);
      const target = await repo.findByUserHash(found.property.id, request.params.user);
      if (!target) return notFound(reply);
      try {
        const change = {
          ...(role !== undefined ? { role } : {}),
          ...(canEdit !== undefined ? { canEdit } : {}),
        };
        if (!(await repo.update(found.property.id, target.userId, change))) return notFound(reply);
      } catch (err) {
        if (err instanceof LastEditorError) return lastEditor(reply);
        throw err;
      }
      await announce(found.property.hash);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    PARTICIPANTS_API.participant,
    {
      schema: {
        tags: ['participants'],
        summary: 'Remove a participant from the property',
        params: ZUserHashParamsSchema,
        querystring: ZPropertyQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.query.property);
      if (!found) return notFound(reply);
      if (!found.participant.canEdit) return forbidden(reply);
      const target = await repo.findByUserHash(found.property.id, request.params.user);
      if (!target) return notFound(reply);
      try {
        if (!(await repo.remove(found.property.id, target.userId))) return notFound(reply);
      } catch (err) {
        if (err instanceof LastEditorError) return lastEditor(reply);
        throw err;
      }
      await afterRemoval(target, found.property.hash);
      return reply.code(204).send(null);
    },
  );

  /** After someone is off a property: their sockets, menus and caches, then everyone else. */
  const afterRemoval = async (user: { userId: number; hash: string }, propertyHash: string) => {
    // Their open sockets stop hearing the property now, not at their next reconnect.
    await app.realtime.revokeProperty(user.userId, propertyHash);
    await app.realtime.publishToUser(user.hash, {
      event: 'PropertyUserRemoved',
      data: { hash: propertyHash },
    });
    await app.currentUser.changed(user.userId);
    await announce(propertyHash);
  };

  app.post(
    PARTICIPANTS_API.leave,
    {
      schema: {
        tags: ['participants'],
        summary:
          'Leave a property: any participant may, except the last one who can manage it (422)',
        body: ZLeavePropertyRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.body.property);
      if (!found) return notFound(reply);
      try {
        if (!(await repo.remove(found.property.id, request.user.userId))) return notFound(reply);
      } catch (err) {
        if (!(err instanceof LastEditorError)) throw err;
        return reply.code(422).send({
          message: PARTICIPANT_MESSAGES.lastManagerLeaving,
          errors: { property: [PARTICIPANT_MESSAGES.lastManagerLeaving] },
        });
      }
      const me = await app.currentUser.get(request.user.userId);
      if (me)
        await afterRemoval({ userId: request.user.userId, hash: me.hash }, found.property.hash);
      return reply.code(204).send(null);
    },
  );

  app.post(
    PARTICIPANTS_API.acceptInvitation,
    {
      schema: {
        tags: ['participants'],
        summary: 'Accept an invitation as the signed-in user (the invited email address)',
        body: ZAcceptInvitationRequestSchema,
        response: { 200: ZAcceptInvitationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const invalid = (text: string) =>
        reply.code(422).send({ message: text, errors: { token: [text] } });
      const found = await repo.findUsable(request.body.token);
      if (!found) return invalid(PARTICIPANT_MESSAGES.invitationInvalid);
      const me = await app.users.findById(userId);
      if (!me) return reply.code(401).send({ message: MESSAGES.unauthenticated });
      // The link was mailed to one address: only that account may use it.
      if (me.email.toLowerCase() !== found.invitation.email.toLowerCase())
        return invalid(PARTICIPANT_MESSAGES.invitationOtherEmail);
      if (!(await repo.accept(found.invitation.id, userId)))
        return invalid(PARTICIPANT_MESSAGES.invitationInvalid);

      const mine = await app.properties.findForUser(userId, found.property.hash);
      if (!mine) throw new Error('accepted invitation left no participant');
      const streetAddress = streetAddressUnit(found.property.street, found.property.unit);
      await app.currentUser.changed(userId);
      await app.realtime.publishToUser(me.hash, {
        event: 'PropertyUserCreated',
        data: {
          hash: found.property.hash,
          street_address_unit: streetAddress,
          role: mine.participant.role,
        },
      });
      await announce(found.property.hash);
      return { property: found.property.hash, streetAddress, role: mine.participant.role };
    },
  );
};

export default participantsRoutes;
