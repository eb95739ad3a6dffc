import { MESSAGES } from '@lantern/contracts';
import { isDatabaseUnavailable } from '@lantern/db';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const DATABASE_RETRY_AFTER_S = 5;

/** Turn every failure into the documented JSON error shape; never a stack trace or SQL. */
export default fp(
  async (app) => {
    // JSON answers are about someone (or say nothing worth caching): never kept by a browser
    // or a shared cache unless a route says otherwise (issue 12).
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (
        typeof type === 'string' &&
        type.startsWith('application/json') &&
        !reply.hasHeader('cache-control')
      ) {
        reply.header('cache-control', 'private, no-store');
      }
      return payload;
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          errors[key] = [...(errors[key] ?? []), issue.message ?? 'This value is not valid.'];
        }
        const errorBag = request.routeOptions.config?.errorBag;
        return reply
          .code(422)
          .send({ message: MESSAGES.validationFailed, ...(errorBag ? { errorBag } : {}), errors });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500 && isDatabaseUnavailable(error)) {
        // A database restart or failover: worth trying again shortly, and not our code's fault.
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_S))
          .send({ message: MESSAGES.serviceUnavailable, retryAfter: DATABASE_RETRY_AFTER_S });
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ message: MESSAGES.serverError });
      }
      return reply.code(status).send({ message: clientMessage(error, status) });
    });
  },
  { name: 'error-handler' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The error bag name a form expects in 422 answers (spec: userAddProperty). */
    errorBag?: string;
  }
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.payloadTooLarge;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.malformedJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON.';
  }
  if (error instanceof SyntaxError) return MESSAGES.malformedJson;
  if (status === 401) return MESSAGES.unauthenticated;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 404) return MESSAGES.notFound;
  if (status === 429) return error.message;
  // A locked account (features/auth/auth.plugin.ts): the words are ours, never a library's.
  if (status === 423) return MESSAGES.accountLocked;
  return 'The request could not be processed.';
}
