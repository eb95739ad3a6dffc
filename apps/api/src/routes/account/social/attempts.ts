import {
  MESSAGES,
  ZErrorResponseSchema,
  ZSocialAttemptRequestSchema,
  ZSocialAttemptSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ATTEMPT_COOKIE, ATTEMPT_TTL_MS } from '../../../features/account/oidc/attempts.ts';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { attemptCookieOptions } from '../../_shared/social-cookie.ts';

/** /account/social/attempts: the start of a social sign-in (issue 7). */
const socialAttemptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/attempts',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
      schema: {
        tags: ['account'],
        summary: 'Start a social sign-in: the state and nonce to send to the provider',
        body: ZSocialAttemptRequestSchema,
        response: {
          200: ZSocialAttemptSchema,
          404: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { provider } = request.body;
      if (!app.socialSignIn.configured(provider)) {
        return reply.code(404).send({ message: MESSAGES.notFound });
      }
      if (!(await app.throttle.take(reply, LIMITS.socialAttempts, request.ip))) return reply;
      const { token, state, nonce } = await app.socialSignIn.startAttempt(provider);
      reply.setCookie(ATTEMPT_COOKIE, token, {
        ...attemptCookieOptions(app.config.publicUrl),
        maxAge: ATTEMPT_TTL_MS / 1000,
      });
      reply.header('cache-control', 'no-store');
      return { state, nonce };
    },
  );
};

export default socialAttemptRoutes;
