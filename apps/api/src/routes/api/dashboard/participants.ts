import {
  MESSAGES,
  PARTICIPANT_MESSAGES,
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
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { LastEditorError } from '../../../features/participants/participants.repository.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

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
  registerList(app);
  registerInvitations(app);
  registerChanges(app);
  registerLeave(app);
};

const notFound = (reply: FastifyReply) => reply.code(404).send({ message: MESSAGES.notFound });
const forbidden = (reply: FastifyReply) =>
  reply.code(403).send({ message: PARTICIPANT_MESSAGES.cannotManage });
const lastEditor = (reply: FastifyReply) =>
  reply.code(422).send({
    message: PARTICIPANT_MESSAGES.lastEditor,
    errors: { canEdit: [PARTICIPANT_MESSAGES.lastEditor] },
  });

/** Everyone on the property (their menus and pages) hears that the list changed. */
const announce = (app: ZodApp, propertyHash: string) =>
  app.realtime.publishToProperty(propertyHash, {
    event: 'ParticipantsChanged',
    data: { hash: propertyHash },
  });

/** After someone is off a property: their sockets, menus and caches, then everyone else. */
const afterRemoval = async (
  app: ZodApp,
  user: { userId: number; hash: string },
  propertyHash: string,
) => {
  // Their open sockets stop hearing the property now, not at their next reconnect.
  await app.realtime.revokeProperty(user.userId, propertyHash);
  await app.realtime.publishToUser(user.hash, {
    event: 'PropertyUserRemoved',
    data: { hash: propertyHash },
  });
  await app.currentUser.changed(user.userId);
  await announce(app, propertyHash);
};

/** Who takes part, and pending invitations. */
function registerList(app: ZodApp) {
  const repo = app.participants;

  app.get(
    '/participants',
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
}

/** Invite someone; withdraw an invitation. */
function registerInvitations(app: ZodApp) {
  const repo = app.participants;

  app.post(
    '/participants/invitations',
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
      const outcome = await app.invitations.invite(userId, found.property, {
        email,
        role,
        canEdit,
      });
      if (!outcome.ok) {
        return reply
          .code(422)
          .send({ message: MESSAGES.validationFailed, errors: { email: [outcome.refused] } });
      }
      const { invitation } = outcome;
      await announce(app, found.property.hash);
      return reply.code(201).send(toInvitation(invitation));
    },
  );

  app.delete(
    '/participants/invitations/:invitation',
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
      await announce(app, found.property.hash);
      return reply.code(204).send(null);
    },
  );
}

/** Change a participant's rights, remove them. */
function registerChanges(app: ZodApp) {
  const repo = app.participants;

  app.patch(
    '/participants/:user',
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
      await announce(app, found.property.hash);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/participants/:user',
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
      await afterRemoval(app, target, found.property.hash);
      return reply.code(204).send(null);
    },
  );
}

/** Leave the property oneself. */
function registerLeave(app: ZodApp) {
  const repo = app.participants;

  app.post(
    '/participants/leave',
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
        await afterRemoval(
          app,
          { userId: request.user.userId, hash: me.hash },
          found.property.hash,
        );
      return reply.code(204).send(null);
    },
  );
}

export default participantsRoutes;
