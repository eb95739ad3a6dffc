import {
  EMAIL_VERIFICATION_MESSAGES,
  EMAIL_VERIFICATION_PATHS,
  ZEmailedLinkRequestSchema,
  ZEmailedLinkResultSchema,
  ZEmailVerificationStatusSchema,
  ZErrorResponseSchema,
  ZMessageAnswerSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/require-user.ts';
import { LIMITS } from '../../services/throttle/limits.ts';

/** Email verification of new accounts (issue 8). */
const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    EMAIL_VERIFICATION_PATHS.verifyApi,
    {
      schema: {
        tags: ['account'],
        summary: 'Verify an email address with the token from the emailed link',
        body: ZEmailedLinkRequestSchema,
        response: { 200: ZEmailedLinkResultSchema, 410: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await app.emailVerification.verify(request.body.token);
      if (userId === null) {
        return reply.code(410).send({ message: EMAIL_VERIFICATION_MESSAGES.linkInvalid });
      }
      return { redirect: EMAIL_VERIFICATION_PATHS.verified };
    },
  );

  app.get(
    EMAIL_VERIFICATION_PATHS.status,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: "Whether the signed-in user's email address is verified",
        response: { 200: ZEmailVerificationStatusSchema },
      },
    },
    async (request) => {
      const { email, verified } = await app.emailVerification.status(request.user.userId);
      return { email, verified };
    },
  );

  app.post(
    EMAIL_VERIFICATION_PATHS.resend,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Send the verification link again (once a minute)',
        response: {
          202: ZMessageAnswerSchema,
          409: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      if ((await app.emailVerification.status(userId)).verified) {
        return reply.code(409).send({ message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
      }
      if (!(await app.throttle.take(reply, LIMITS.verificationResends, userId))) return reply;
      await app.emailVerification.send(userId);
      return reply.code(202).send({ message: EMAIL_VERIFICATION_MESSAGES.sent });
    },
  );
};

export default emailVerificationRoutes;
