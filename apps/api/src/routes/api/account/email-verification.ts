import {
  EMAIL_VERIFICATION_MESSAGES,
  ZEmailVerificationStatusSchema,
  ZErrorResponseSchema,
  ZMessageAnswerSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';

/** Email verification of new accounts (issue 8). */
const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/email-verification',
    {
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
    '/email-verification/resend',
    {
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
