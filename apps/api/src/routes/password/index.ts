import {
  MESSAGES,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_PATHS,
  PATHS,
  ZAuthSuccessSchema,
  ZEmailedLinkRequestSchema,
  ZErrorResponseSchema,
  ZMessageAnswerSchema,
  ZPasswordPinResetSchema,
  ZPasswordResetRequestSchema,
  ZPasswordResetSchema,
} from '@lantern/contracts';
import { isCommonPassword } from '@lantern/contracts/common-passwords';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword } from '../../services/passwords.ts';
import { LIMITS, signInSubject } from '../../services/throttle/limits.ts';

/** Password reset by emailed link (issue 8; docs/decisions/012-account-lifecycle.md). */
const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { throttle } = app;

  app.post(
    PASSWORD_RESET_PATHS.request,
    {
      schema: {
        tags: ['account'],
        summary:
          'Ask for a password reset link (same answer whether or not the email has an account)',
        body: ZPasswordResetRequestSchema,
        response: {
          202: ZMessageAnswerSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, via } = request.body;
      if (!(await throttle.take(reply, LIMITS.passwordResetsPerIp, request.ip))) return reply;
      // Counted for every address, known or not, so the limit itself reveals nothing.
      const address = email.toLowerCase();
      if (!(await throttle.take(reply, LIMITS.passwordResetsPerEmail, address))) return reply;
      if (via === 'text') {
        try {
          await app.passwordResets.requestPin(email);
        } catch (err) {
          // A provider failure must not answer differently from an unknown address.
          request.log.error({ err }, 'reset PIN text could not be sent');
        }
        return reply.code(202).send({ message: PASSWORD_RESET_MESSAGES.sentPin });
      }
      await app.passwordResets.request(email);
      return reply.code(202).send({ message: PASSWORD_RESET_MESSAGES.sent });
    },
  );

  app.get(
    '/password/reset/:token',
    {
      schema: {
        tags: ['account'],
        summary:
          'Follow an emailed reset link: redirects to the new-password page, or to the incorrect link or incorrect account page',
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const found = await app.passwordResets.check(request.params.token);
      if (!found) return reply.redirect(PASSWORD_RESET_PATHS.incorrectLink, 303);
      const session = await request.session();
      if (session && session.userId !== found.userId) {
        return reply.redirect(PASSWORD_RESET_PATHS.incorrectAccount, 303);
      }
      // The fragment never reaches a server log or a Referer header.
      return reply.redirect(
        `${PASSWORD_RESET_PATHS.resetPage}#token=${encodeURIComponent(request.params.token)}`,
        303,
      );
    },
  );

  app.post(
    PASSWORD_RESET_PATHS.check,
    {
      schema: {
        tags: ['account'],
        summary:
          'Check the token of an emailed reset link before the new-password form is shown (410: not valid; 403: another account is signed in here)',
        body: ZEmailedLinkRequestSchema,
        response: { 204: z.null(), 403: ZErrorResponseSchema, 410: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const found = await app.passwordResets.check(request.body.token);
      if (!found) return reply.code(410).send({ message: PASSWORD_RESET_MESSAGES.incorrectLink });
      const session = await request.session();
      if (session && session.userId !== found.userId) {
        return reply.code(403).send({ message: PASSWORD_RESET_MESSAGES.incorrectAccount });
      }
      return reply.code(204).send(null);
    },
  );

  /**
   * The common end of a reset by link or by PIN, once the token or PIN checked out: the browser
   * must not be signed in as someone else, the password must not be a common one, and the reset
   * is used up exactly once; then every other session ends (their sockets get Logout) and the
   * owner is told by mail. `usedUp` answers a reset consumed meanwhile by a parallel request.
   */
  async function setNewPassword(
    request: FastifyRequest,
    reply: FastifyReply,
    found: { resetId: number; userId: number },
    password: string,
    usedUp: string,
  ) {
    const session = await request.session();
    if (session && session.userId !== found.userId) {
      return reply.code(403).send({ message: PASSWORD_RESET_MESSAGES.incorrectAccount });
    }
    if (isCommonPassword(password)) {
      return reply.code(422).send({
        message: MESSAGES.validationFailed,
        errors: { password: [MESSAGES.passwordCommon] },
      });
    }
    const hash = await hashPassword(password);
    if (!(await app.passwordResets.consume(found.resetId, found.userId, hash))) {
      return reply.code(410).send({ message: usedUp });
    }
    await app.sessions.endAllForUser(found.userId, session?.id);
    const user = await app.users.summary(found.userId);
    if (user) {
      await throttle.clear(LIMITS.signInFailures, signInSubject(user.email, request.ip));
      await app.passwordResets.notifyChanged(user.email);
    }
    return reply.send({ redirect: session ? PATHS.dashboard : `${PATHS.login}?reset=1` });
  }

  app.post(
    PASSWORD_RESET_PATHS.reset,
    {
      schema: {
        tags: ['account'],
        summary: 'Choose a new password with a reset link; signs out every other session',
        body: ZPasswordResetSchema,
        response: {
          200: ZAuthSuccessSchema,
          403: ZErrorResponseSchema,
          410: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const found = await app.passwordResets.check(token);
      if (!found) return reply.code(410).send({ message: PASSWORD_RESET_MESSAGES.incorrectLink });
      return setNewPassword(request, reply, found, password, PASSWORD_RESET_MESSAGES.incorrectLink);
    },
  );

  app.post(
    PASSWORD_RESET_PATHS.pinReset,
    {
      schema: {
        tags: ['account'],
        summary:
          'Choose a new password with the texted PIN; five wrong PINs void it; signs out every other session',
        body: ZPasswordPinResetSchema,
        response: {
          200: ZAuthSuccessSchema,
          403: ZErrorResponseSchema,
          410: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, pin, password } = request.body;
      if (!(await throttle.check(reply, LIMITS.resetPinFailures, request.ip))) return reply;
      const found = await app.passwordResets.checkPin(email, pin);
      if (found.outcome !== 'ok') {
        await throttle.fail(LIMITS.resetPinFailures, request.ip);
        if (found.outcome === 'void')
          return reply.code(410).send({ message: PASSWORD_RESET_MESSAGES.pinVoid });
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { pin: [PASSWORD_RESET_MESSAGES.pinWrong] },
        });
      }
      return setNewPassword(request, reply, found, password, PASSWORD_RESET_MESSAGES.pinVoid);
    },
  );
};

export default passwordRoutes;
