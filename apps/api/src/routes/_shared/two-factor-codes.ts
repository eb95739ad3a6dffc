import { MESSAGES, TWO_FACTOR_MESSAGES } from '@lantern/contracts';
import type { FastifyReply } from 'fastify';

/** Wrong two-step codes count per account and address (LIMITS.twoFactorFailures). */
export const codeSubject = (userId: number, ip: string) => `${userId}|${ip}`;

/** A code that is not right: the same answer wherever a code is asked. */
export const codeRejected = (reply: FastifyReply) =>
  reply.code(422).send({
    message: MESSAGES.validationFailed,
    errors: { code: [TWO_FACTOR_MESSAGES.codeInvalid] },
  });
