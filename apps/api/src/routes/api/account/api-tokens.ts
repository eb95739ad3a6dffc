import {
  API_TOKEN_TEXTS,
  ZApiTokenCreatedSchema,
  ZApiTokenCreateSchema,
  ZApiTokenListSchema,
  ZApiTokenParamsSchema,
  ZErrorResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Account Settings → API tokens (issue 25; docs/decisions/052-public-api-and-tokens.md): a
 * person's personal access tokens. Browser only: /api/account is not on /api/v1, so a token can
 * never make or see tokens.
 */
const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-tokens',
    {
      schema: {
        tags: ['account'],
        summary:
          "The signed-in person's API tokens (never the tokens themselves) and the scopes they may grant",
        response: { 200: ZApiTokenListSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => ({
      tokens: await app.apiTokens.list(request.user.userId),
      offered: await app.apiTokens.offered(request.user.userId),
    }),
  );

  app.post(
    '/api-tokens',
    {
      config: { audit: { action: 'api_token.create' }, idempotency: 'secret' },
      schema: {
        tags: ['account'],
        summary: 'Create an API token: the answer is the only time the token is shown',
        body: ZApiTokenCreateSchema,
        response: {
          201: ZApiTokenCreatedSchema,
          401: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.apiTokens.create(request.user.userId, request.body);
      if (!outcome.ok) {
        return reply.code(422).send({
          message: outcome.message,
          errors: { scopes: [outcome.message] },
        });
      }
      const { apiToken } = outcome.value;
      request.audit({ recordType: 'api_token', recordId: String(apiToken.id), after: apiToken });
      return reply.code(201).send(outcome.value);
    },
  );

  app.delete(
    '/api-tokens/:id',
    {
      config: { audit: { action: 'api_token.revoke' } },
      schema: {
        tags: ['account'],
        summary: 'Revoke an API token: refused on every instance at once',
        params: ZApiTokenParamsSchema,
        response: {
          200: z.object({ message: z.string() }),
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.apiTokens.revoke(request.user.userId, request.params.id);
      if (!outcome.ok) return reply.code(404).send({ message: outcome.message });
      request.audit({ recordType: 'api_token', recordId: String(request.params.id) });
      return { message: API_TOKEN_TEXTS.revoked };
    },
  );
};

export default apiTokenRoutes;
