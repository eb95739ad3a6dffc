import {
  TWO_FACTOR_CHALLENGE_FAILURES,
  TWO_FACTOR_MESSAGES,
  ZAuthSuccessSchema,
  ZErrorResponseSchema,
  ZTwoFactorCodeSchema,
} from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TWO_FACTOR_COOKIE } from '../../features/account/two-factor.plugin.ts';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { codeRejected, codeSubject } from '../_shared/two-factor-codes.ts';

/** /account/two-factor-challenge: the code that finishes a waiting sign-in (issue 8). */
const twoFactorChallengeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { throttle } = app;
  const errors = {
    410: ZErrorResponseSchema,
    422: ZErrorResponseSchema,
    429: ZErrorResponseSchema,
  };

  app.post(
    '/two-factor-challenge',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
      schema: {
        tags: ['account'],
        summary:
          'Finish a waiting sign-in with an authenticator code or a recovery code; starts the session',
        body: ZTwoFactorCodeSchema,
        response: { 200: ZAuthSuccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = request.cookies[TWO_FACTOR_COOKIE];
      const challenge = token ? await app.twoFactor.findChallenge(token) : undefined;
      const expired = () =>
        reply
          .clearTwoFactorCookie()
          .code(410)
          .send({ message: TWO_FACTOR_MESSAGES.challengeExpired });
      if (!challenge) return expired();
      const subject = codeSubject(challenge.userId, request.ip);
      if (!(await throttle.check(reply, LIMITS.twoFactorFailures, subject))) return reply;
      if (!(await app.twoFactor.verify(challenge.userId, request.body.code))) {
        await throttle.fail(LIMITS.twoFactorFailures, subject);
        const failures = await app.twoFactor.challengeFailed(challenge.id);
        if (failures >= TWO_FACTOR_CHALLENGE_FAILURES) {
          await app.twoFactor.endChallenge(challenge.id);
          return expired();
        }
        return codeRejected(reply);
      }
      // Only the request that removes the waiting sign-in may complete it.
      if (!(await app.twoFactor.endChallenge(challenge.id))) return expired();
      await throttle.clear(LIMITS.twoFactorFailures, subject);
      reply.clearTwoFactorCookie();
      await reply.signIn(challenge.userId, challenge.remember);
      return { redirect: PATHS.dashboard };
    },
  );
};

export default twoFactorChallengeRoutes;
