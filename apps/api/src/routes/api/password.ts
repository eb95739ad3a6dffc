import {
  MESSAGES,
  PASSWORD_RESET_MESSAGES,
  ZAuthSuccessSchema,
  ZEmailedLinkRequestSchema,
  ZErrorResponseSchema,
  ZPasswordPinResetSchema,
  ZPasswordResetSchema,
} from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { isCommonPassword } from '@lantern/domain/common-passwords';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword } from '../../features/auth/passwords.ts';
import { LIMITS, signInSubject } from '../../features/auth/throttle/limits.ts';
import type { ZodApp } from '../_shared/zod-app.ts';

/**
 * /api/password/…: choosing a new password with an emailed link's token or a texted PIN, and
 * checking a link before its form is shown (issue 8; docs/decisions/012-account-lifecycle.md).
 */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCheck(app);
  registerReset(app);
};

/**
 * The common end of a reset by link or by PIN, once the token or PIN checked out: the browser
 * must not be signed in as someone else, the password must not be a common one, and the reset
 * is used up exactly once; then every other session ends (their sockets get Logout) and the
 * owner is told by mail. `usedUp` answers a reset consumed meanwhile by a parallel request.
 */
async function setNewPassword(
  app: ZodApp,
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
    await app.throttle.clear(LIMITS.signInFailures, signInSubject(user.email, request.ip));
    await app.passwordResets.notifyChanged(user.email);
  }
  return reply.send({ redirect: session ? PATHS.dashboard : `${PATHS.login}?reset=1` });
}

/** Check an emailed link's token before the form is shown. */
function registerCheck(app: ZodApp) {
  app.post(
    '/password/reset/check',
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
}

/** Set the new password by link or by PIN. */
function registerReset(app: ZodApp) {
  const { throttle } = app;

  app.post(
    '/password/reset',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
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
      return setNewPassword(
        app,
        request,
        reply,
        found,
        password,
        PASSWORD_RESET_MESSAGES.incorrectLink,
      );
    },
  );

  app.post(
    '/password/reset-pin',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
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
      return setNewPassword(app, request, reply, found, password, PASSWORD_RESET_MESSAGES.pinVoid);
    },
  );
}

export default passwordResetRoutes;
