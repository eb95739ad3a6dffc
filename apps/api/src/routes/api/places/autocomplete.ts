import { GeocoderError } from '@lantern/address';
import {
  ZAutocompleteQuerySchema,
  ZAutocompleteResponseSchema,
  ZErrorResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { clientSignal, plainJson } from '../../_shared/geocoding.ts';

/** GET /api/places/autocomplete: US place suggestions for the add-property form (issue 4). */
const autocompleteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geocoding } = app.config;
  const allowance = { ...LIMITS.autocompletes, max: geocoding.autocompletesPerMinute };

  app.get(
    '/autocomplete',
    {
      preHandler: async (request, reply) => {
        if (!(await app.throttle.take(reply, allowance, request.user.id))) return reply;
      },
      serializerCompiler: plainJson,
      schema: {
        tags: ['geocoding'],
        summary: 'US place suggestions for what has been typed so far',
        querystring: ZAutocompleteQuerySchema,
        response: {
          200: ZAutocompleteResponseSchema,
          401: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        const signal = geocoding.kind === 'offline' ? undefined : clientSignal(reply);
        return { suggestions: await app.geocoder.autocomplete(request.query.input, signal) };
      } catch (err) {
        if (!(err instanceof GeocoderError)) throw err;
        request.log.warn({ err }, 'autocomplete provider failed');
        return { suggestions: [] };
      }
    },
  );
};

export default autocompleteRoutes;
