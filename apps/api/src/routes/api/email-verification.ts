import {
  EMAIL_VERIFICATION_MESSAGES,
  EMAIL_VERIFICATION_PATHS,
  ZEmailedLinkRequestSchema,
  ZEmailedLinkResultSchema,
  ZErrorResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/email-verification/verify: the emailed link's page posts its token here (issues 8, 12). */
const emailVerificationLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/email-verification/verify',
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
      // Decision 055: invitations to the address now verified join their dashboard. The address
      // is verified whatever happens here; a failure is logged and the emailed links still work.
      await app.invitations
        .joinByVerifiedEmail(request, userId)
        .catch((err: unknown) => request.log.error({ err }, 'invitations not taken up'));
      return { redirect: EMAIL_VERIFICATION_PATHS.verified };
    },
  );
};

export default emailVerificationLinkRoutes;
