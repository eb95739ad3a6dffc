import {
  ZAcceptReferralRequestSchema,
  ZAcceptReferralResponseSchema,
  ZErrorResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refused } from '../../_shared/replies.ts';

/** POST /api/invitations/referral: the referred person takes a referral invitation up (issue 24). */
const acceptReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/referral',
    {
      config: { audit: { action: 'referral_invitation.accept' } },
      schema: {
        tags: ['referrals'],
        summary:
          'Accept a referral invitation as the signed-in user (the invited email address): links the account to the referrer',
        body: ZAcceptReferralRequestSchema,
        response: {
          200: ZAcceptReferralResponseSchema,
          401: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.vendorReferrals.accept(request.user.userId, request.body.token);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'referral_invitation',
        recordId: outcome.value.invitation,
        after: { customer: request.user.userId },
      });
      return { referrer: outcome.value.referrer };
    },
  );
};

export default acceptReferralRoutes;
