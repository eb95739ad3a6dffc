import {
  type TGeocodeResponse,
  ZErrorResponseSchema,
  ZGeocodeQuerySchema,
  ZGeocodeResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { answerJson, clientSignal } from '../../_shared/geocoding.ts';

/** GET /api/geocode: a US address geocoded for the add-property validation step (issue 4). */
const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geocoding } = app.config;
  const allowance = { ...LIMITS.geocodes, max: geocoding.geocodesPerMinute };

  app.get(
    '',
    {
      preHandler: async (request, reply) => {
        if (!(await app.throttle.take(reply, allowance, request.user.id))) return reply;
      },
      schema: {
        tags: ['geocoding'],
        summary: 'Geocode a US address (the add-property validation step)',
        querystring: ZGeocodeQuerySchema,
        response: {
          200: ZGeocodeResponseSchema,
          401: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { address, location, streetAddress, unit, city, state, zipCode } = request.query;
      const hasFields = [streetAddress, city, state, zipCode].some((v) => v?.trim());
      const outcome = await app.geocoder.geocode(
        {
          location,
          ...(address?.trim() && { text: address }),
          ...(hasFields && {
            fields: {
              apn: '',
              county: '',
              streetAddress: streetAddress ?? '',
              unit: unit ?? '',
              city: city ?? '',
              state: state ?? '',
              zipCode: zipCode ?? '',
            },
          }),
        },
        // The offline gazetteer answers from memory: there is nothing to abort.
        geocoding.kind === 'offline' ? undefined : clientSignal(reply),
      );
      if (!outcome.ok && outcome.reason === 'provider_error') {
        request.log.warn({ detail: outcome.detail }, 'geocoding provider failed');
      }
      return (
        reply
          .header('cache-control', 'private, no-store')
          .type('application/json; charset=utf-8')
          // Already-serialized JSON: Fastify sends a string with a JSON content type as it is.
          .send(answerJson(outcome) as unknown as TGeocodeResponse)
      );
    },
  );
};

export default geocodeRoutes;
