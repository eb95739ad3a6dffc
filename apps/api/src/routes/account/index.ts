import {
  MESSAGES,
  PATHS,
  ZAuthSuccessSchema,
  ZErrorResponseSchema,
  ZLoginRequestSchema,
  ZSignUpRequestSchema,
} from '@lantern/contracts';
import { isCommonPassword } from '@lantern/contracts/common-passwords';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailTakenError } from '../../repositories/users.ts';
import { hashPassword, verifyPassword } from '../../services/passwords.ts';
import {
  LOGIN_FAILURES_PER_MINUTE,
  LOGIN_WINDOW_MS,
  loginKey,
  SIGNUP_WINDOW_MS,
  signUpKey,
  tooManyAttempts,
} from './throttle.ts';

const errorResponses = { 422: ZErrorResponseSchema, 429: ZErrorResponseSchema };

/** Password sign-up, sign-in and sign-out at the spec's fixed paths. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.post(
    '/account/sign-up',
    {
      schema: {
        tags: ['account'],
        summary: 'Create an account and sign in',
        body: ZSignUpRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email, password, remember, promoOptin } = request.body;
      if (limits) {
        const window = await app.rateLimits.hit(signUpKey(request.ip), SIGNUP_WINDOW_MS);
        if (window.count > app.config.signUpsPerHour) return tooManyAttempts(reply, window);
      }
      if (isCommonPassword(password)) {
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { password: [MESSAGES.passwordCommon] },
        });
      }
      try {
        // One insert: a failure leaves nothing behind.
        const user = await app.users.create({
          email,
          passwordHash: await hashPassword(password),
          promoOptin,
        });
        // Issue 3: the promo opt-in joins the newsletter list through the same double opt-in.
        if (promoOptin) await app.newsletter.subscribeQuietly(email, 'promo', user.id);
        // Issue 8: the dashboard shows a banner until the address is confirmed.
        await app.emailVerification.sendQuietly(user.id);
        await reply.signIn(user.id, remember);
        return { redirect: PATHS.dashboard };
      } catch (err) {
        if (!(err instanceof EmailTakenError)) throw err;
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { email: [MESSAGES.emailTaken] },
        });
      }
    },
  );

  app.post(
    '/account/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with email and password',
        body: ZLoginRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      const key = loginKey(email, request.ip);
      if (limits) {
        const window = await app.rateLimits.peek(key);
        if (window && window.count >= LOGIN_FAILURES_PER_MINUTE)
          return tooManyAttempts(reply, window);
      }
      // Unknown email, social-only account and wrong password take one path: same words, same
      // status, same argon2 work.
      const user = await app.users.findByEmail(email);
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok) {
        if (limits) await app.rateLimits.hit(key, LOGIN_WINDOW_MS);
        return reply.code(422).send({
          message: MESSAGES.invalidCredentials,
          errors: { email: [MESSAGES.invalidCredentials] },
        });
      }
      if (limits) await app.rateLimits.clear(key);
      // Two-factor users get a waiting sign-in instead of a session (issue 8).
      return reply.completeSignIn(user.id, remember);
    },
  );

  app.post(
    '/account/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out of this browser',
        response: { 200: ZAuthSuccessSchema },
      },
    },
    async (_request, reply) => {
      await reply.signOut();
      return { redirect: PATHS.home };
    },
  );
};

export default accountRoutes;
