import {
  MESSAGES,
  ZAuthSuccessSchema,
  ZErrorResponseSchema,
  ZLoginRequestSchema,
  ZSignUpRequestSchema,
} from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { isCommonPassword } from '@lantern/domain/common-passwords';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICE_COOKIE } from '../../features/auth/device-cookies.ts';
import { hashPassword, verifyPassword } from '../../features/auth/passwords.ts';
import { LIMITS, signInSubject } from '../../features/auth/throttle/limits.ts';
import { EmailTakenError } from '../../features/auth/users.repository.ts';
import type { ZodApp } from '../_shared/zod-app.ts';

const errorResponses = { 422: ZErrorResponseSchema, 429: ZErrorResponseSchema };

/** Password sign-up, sign-in and sign-out at the spec's fixed paths. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSignUp(app);
  registerSignIn(app);
};

/** Password sign-up, limited per address and hour. */
function registerSignUp(app: ZodApp) {
  const { throttle } = app;
  const signUps = { ...LIMITS.signUps, max: app.config.signUpsPerHour };

  app.post(
    '/sign-up',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
      schema: {
        tags: ['account'],
        summary: 'Create an account and sign in',
        body: ZSignUpRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email, password, remember, promoOptin } = request.body;
      if (!(await throttle.take(reply, signUps, request.ip))) return reply;
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
        // Issue 20: the new customer becomes a CRM contact (a job; nothing when the CRM is off).
        await app.crm.customerChanged(user.id);
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
}

/** Sign in and sign out. */
function registerSignIn(app: ZodApp) {
  const { throttle } = app;

  app.post(
    '/login',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
      schema: {
        tags: ['account'],
        summary: 'Sign in with email and password',
        body: ZLoginRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      const subject = signInSubject(email, request.ip);
      if (!(await throttle.check(reply, LIMITS.signInFailures, subject))) return reply;
      const user = await app.users.findByEmail(email);
      // A browser that signed in to this account before spends its own allowance, not its
      // address's: failures from a shared address lock out only unknown browsers (issue 41).
      const device = app.deviceCookies.verify(request.cookies[DEVICE_COOKIE], user?.id);
      const [limit, limitSubject] = device
        ? [LIMITS.signInFailuresPerDevice, device.nonce]
        : [LIMITS.signInFailuresPerIp, request.ip];
      if (!(await throttle.check(reply, limit, limitSubject))) return reply;
      // Unknown email, social-only account and wrong password take one path: same words, same
      // status, same argon2 work.
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok) {
        await throttle.fail(LIMITS.signInFailures, subject);
        await throttle.fail(limit, limitSubject);
        return reply.code(422).send({
          message: MESSAGES.invalidCredentials,
          errors: { email: [MESSAGES.invalidCredentials] },
        });
      }
      await throttle.clear(LIMITS.signInFailures, subject);
      if (device) await throttle.clear(limit, limitSubject);
      // Two-factor users get a waiting sign-in instead of a session (issue 8).
      return reply.completeSignIn(user.id, remember);
    },
  );

  app.post(
    '/logout',
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
}

export default accountRoutes;
