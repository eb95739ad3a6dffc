import {
  MESSAGES,
  PATHS,
  TWO_FACTOR_CHALLENGE_FAILURES,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
  ZAuthSuccessSchema,
  ZErrorResponseSchema,
  ZRecoveryCodesSchema,
  ZTwoFactorCodeSchema,
  ZTwoFactorSetupSchema,
  ZTwoFactorStatusSchema,
} from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/require-user.ts';
import { TWO_FACTOR_COOKIE } from '../../plugins/app/two-factor.ts';
import { LIMITS } from '../../services/throttle/limits.ts';
import { TwoFactorStateError } from '../../services/two-factor/two-factor.ts';

/** Wrong codes count per account and address. */
const codeSubject = (userId: number, ip: string) => `${userId}|${ip}`;

const STATE_MESSAGES = {
  'already-on': TWO_FACTOR_MESSAGES.alreadyOn,
  'not-started': TWO_FACTOR_MESSAGES.notStarted,
  'not-on': TWO_FACTOR_MESSAGES.notOn,
} as const;

const codeRejected = (reply: FastifyReply) =>
  reply.code(422).send({
    message: MESSAGES.validationFailed,
    errors: { code: [TWO_FACTOR_MESSAGES.codeInvalid] },
  });

/** The two-factor challenge of a waiting sign-in, and enrolment in Account Settings (issue 8). */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { throttle } = app;
  const errors = {
    409: ZErrorResponseSchema,
    410: ZErrorResponseSchema,
    422: ZErrorResponseSchema,
    429: ZErrorResponseSchema,
  };

  app.post(
    TWO_FACTOR_PATHS.challenge,
    {
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

  app.get(
    TWO_FACTOR_PATHS.status,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are unused',
        response: { 200: ZTwoFactorStatusSchema },
      },
    },
    async (request) => app.twoFactor.status(request.user.userId),
  );

  app.post(
    TWO_FACTOR_PATHS.setup,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Start enrolment: a new secret with its QR code (replaces an unconfirmed one)',
        response: {
          200: ZTwoFactorSetupSchema,
          401: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await app.users.summary(request.user.userId);
      if (!user) return reply.code(401).send({ message: MESSAGES.unauthenticated });
      try {
        return await app.twoFactor.startSetup(user.id, user.email);
      } catch (err) {
        if (err instanceof TwoFactorStateError)
          return reply.code(409).send({ message: STATE_MESSAGES[err.reason] });
        throw err;
      }
    },
  );

  app.post(
    TWO_FACTOR_PATHS.confirm,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Finish enrolment with a first code; answers the ten recovery codes, shown once',
        body: ZTwoFactorCodeSchema,
        response: { 200: ZRecoveryCodesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const subject = codeSubject(request.user.userId, request.ip);
      if (!(await throttle.check(reply, LIMITS.twoFactorFailures, subject))) return reply;
      try {
        const codes = await app.twoFactor.confirmSetup(request.user.userId, request.body.code);
        if (!codes) {
          await throttle.fail(LIMITS.twoFactorFailures, subject);
          return codeRejected(reply);
        }
        return { recoveryCodes: codes };
      } catch (err) {
        if (err instanceof TwoFactorStateError)
          return reply.code(409).send({ message: STATE_MESSAGES[err.reason] });
        throw err;
      }
    },
  );

  app.post(
    TWO_FACTOR_PATHS.disable,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor sign-in off; needs a current code or a recovery code',
        body: ZTwoFactorCodeSchema,
        response: { 200: ZTwoFactorStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      if (!(await app.twoFactor.isEnabled(userId)))
        return reply.code(409).send({ message: TWO_FACTOR_MESSAGES.notOn });
      const subject = codeSubject(userId, request.ip);
      if (!(await throttle.check(reply, LIMITS.twoFactorFailures, subject))) return reply;
      if (!(await app.twoFactor.verify(userId, request.body.code))) {
        await throttle.fail(LIMITS.twoFactorFailures, subject);
        return codeRejected(reply);
      }
      await app.twoFactor.disable(userId);
      return app.twoFactor.status(userId);
    },
  );
};

export default twoFactorRoutes;
