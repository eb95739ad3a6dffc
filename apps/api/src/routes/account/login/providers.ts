import {
  MESSAGES,
  SOCIAL_ERRORS,
  type TSocialProvider,
  ZAppleLoginRequestSchema,
  ZAuthSuccessSchema,
  ZErrorResponseSchema,
  ZGoogleLoginRequestSchema,
  ZMicrosoftLoginRequestSchema,
} from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ATTEMPT_COOKIE } from '../../../features/account/oidc/attempts.ts';
import { attemptCookieOptions } from '../../_shared/social-cookie.ts';

const errors = {
  404: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
  503: ZErrorResponseSchema,
};

/**
 * /account/login/{apple,google,microsoft}: the spec's three social sign-in endpoints (issue 7;
 * docs/decisions/006-social-sign-in.md). The rules are app.socialSignIn's.
 */
const socialLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: TSocialProvider,
    idToken: string,
    state?: string,
  ) {
    // One use only: the attempt leaves the table (and the cookie is cleared) whatever follows.
    const cookie = request.cookies[ATTEMPT_COOKIE];
    reply.clearCookie(ATTEMPT_COOKIE, attemptCookieOptions(app.config.publicUrl));
    const outcome = await app.socialSignIn.signIn(provider, idToken, cookie, state);
    if (outcome.ok) {
      request.log.info({ provider, outcome: outcome.outcome }, 'social sign-in');
      // Two-factor users get a waiting sign-in instead of a session (issue 8).
      return reply.completeSignIn(outcome.userId, false);
    }
    if ('unconfigured' in outcome) return reply.code(404).send({ message: MESSAGES.notFound });
    if ('unavailable' in outcome) {
      request.log.warn(
        { provider, err: outcome.unavailable },
        'social sign-in provider keys unavailable',
      );
      return reply.code(503).send({ message: outcome.unavailable });
    }
    request.log.info({ provider, reason: outcome.refused }, 'social sign-in refused');
    return reply.code(422).send({
      message: SOCIAL_ERRORS[provider],
      ...(outcome.displayError ? { display_error: outcome.displayError } : {}),
    });
  }

  app.post(
    '/apple',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
      schema: {
        tags: ['account'],
        summary: 'Sign in with Apple (state must match this attempt)',
        body: ZAppleLoginRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errors },
      },
    },
    // `code` needs Apple's client secret to redeem and adds nothing the ID token lacks; `user`
    // comes from the browser, so its email is never trusted.
    (request, reply) => signIn(request, reply, 'apple', request.body.id_token, request.body.state),
  );

  app.post(
    '/google',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
      schema: {
        tags: ['account'],
        summary: 'Sign in with Google (credential is the ID token)',
        body: ZGoogleLoginRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errors },
      },
    },
    (request, reply) => signIn(request, reply, 'google', request.body.credential),
  );

  app.post(
    '/microsoft',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
      schema: {
        tags: ['account'],
        summary: 'Sign in with Microsoft (token is the ID token from the popup)',
        body: ZMicrosoftLoginRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errors },
      },
    },
    (request, reply) => signIn(request, reply, 'microsoft', request.body.token),
  );
};

export default socialLoginRoutes;
