import {
  MESSAGES,
  PHONE_MESSAGES,
  TEXT_MESSAGES,
  ZErrorResponseSchema,
  ZMessageAnswerSchema,
  ZPhoneCodeSchema,
  ZPhoneStartSchema,
  ZPhoneStatusSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isValidPhone } from '../../../features/account/phone/phone.ts';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { TextSendError } from '../../../features/texts/index.ts';
import { TextOptedOutError } from '../../../features/texts/texts.ts';

/** Phone verification in Account Settings (issue 8). */
const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/phone',
    {
      schema: {
        tags: ['account'],
        summary: 'The verified phone of the signed-in user, and a number waiting for its code',
        response: { 200: ZPhoneStatusSchema },
      },
    },
    async (request) => app.phones.status(request.user.userId),
  );

  app.post(
    '/phone',
    {
      config: { audit: { outside: true } },
      schema: {
        tags: ['account'],
        summary: 'Text a 6-digit code (valid 10 minutes) to a number, to verify it',
        body: ZPhoneStartSchema,
        response: {
          202: ZMessageAnswerSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { phone } = request.body;
      if (!isValidPhone(phone)) {
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { phone: [PHONE_MESSAGES.phoneInvalid] },
        });
      }
      if (!(await app.throttle.take(reply, LIMITS.phoneCodes, request.user.userId))) return reply;
      try {
        await app.phones.start(request.user.userId, phone, request.commit);
      } catch (err) {
        if (err instanceof TextOptedOutError) {
          return reply.code(422).send({
            message: TEXT_MESSAGES.numberOptedOut,
            errors: { phone: [TEXT_MESSAGES.numberOptedOut] },
          });
        }
        if (!(err instanceof TextSendError)) throw err;
        request.log.warn({ err: err.message, code: err.code }, 'verification text refused');
        return reply.code(422).send({
          message: PHONE_MESSAGES.sendFailed,
          errors: { phone: [PHONE_MESSAGES.sendFailed] },
        });
      }
      return reply.code(202).send({ message: PHONE_MESSAGES.sent(phone) });
    },
  );

  app.post(
    '/phone/verify',
    {
      schema: {
        tags: ['account'],
        summary: 'Verify the number with the texted code; five wrong codes void it',
        body: ZPhoneCodeSchema,
        response: { 200: ZPhoneStatusSchema, 410: ZErrorResponseSchema, 422: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await app.phones.verify(request.user.userId, request.body.code);
      if (outcome === 'void') return reply.code(410).send({ message: PHONE_MESSAGES.codeVoid });
      if (outcome === 'wrong') {
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { code: [PHONE_MESSAGES.codeInvalid] },
        });
      }
      return app.phones.status(request.user.userId);
    },
  );
};

export default phoneRoutes;
