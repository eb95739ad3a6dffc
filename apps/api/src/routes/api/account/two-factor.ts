import {
  MESSAGES,
  TWO_FACTOR_MESSAGES,
  ZErrorResponseSchema,
  ZRecoveryCodesSchema,
  ZTwoFactorCodeSchema,
  ZTwoFactorSetupSchema,
  ZTwoFactorStatusSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TwoFactorStateError } from '../../../features/account/two-factor/two-factor.ts';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { codeRejected, codeSubject } from '../../_shared/two-factor-codes.ts';

const STATE_MESSAGES = {
  'already-on': TWO_FACTOR_MESSAGES.alreadyOn,
  'not-started': TWO_FACTOR_MESSAGES.notStarted,
  'not-on': TWO_FACTOR_MESSAGES.notOn,
} as const;

/** /api/account/two-factor: enrolment in Account Settings (issue 8). */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { throttle } = app;
  const errors = {
    409: ZErrorResponseSchema,
    410: ZErrorResponseSchema,
    422: ZErrorResponseSchema,
    429: ZErrorResponseSchema,
  };

  app.get(
    '/two-factor',
    {
      schema: {
        tags: ['account'],
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are unused',
        response: { 200: ZTwoFactorStatusSchema },
      },
    },
    async (request) => app.twoFactor.status(request.user.userId),
  );

  app.post(
    '/two-factor/setup',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
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
    '/two-factor/confirm',
    {
      // Answers a secret: kept nowhere, a retry is refused (decision 067).
      config: { idempotency: 'secret' },
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
    '/two-factor/disable',
    {
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
