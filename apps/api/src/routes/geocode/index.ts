import { type GeocodeOutcome, GeocoderError } from '@lantern/address';
import {
  GEOCODE_API,
  GEOCODE_MESSAGES,
  type TGeocodeResponse,
  ZAutocompleteQuerySchema,
  ZAutocompleteResponseSchema,
  ZErrorResponseSchema,
  ZGeocodeQuerySchema,
  ZGeocodeResponseSchema,
  ZMapConfigSchema,
} from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/require-user.ts';
import { LIMITS, type Limit } from '../../services/throttle/limits.ts';

/**
 * The answers come from our own geocoder, already in the contract's shape: write them with plain
 * JSON.stringify instead of re-checking each one against the zod schema (which stays on the
 * route for validation of the query and for the OpenAPI document). The hot path of the
 * benchmark in bench/geocode.ts.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * A geocode answer as JSON text. The geocoder's cache hands back the same outcome object for a
 * repeated question, so its text is kept beside it (a WeakMap: it goes when the outcome does).
 */
const answers = new WeakMap<GeocodeOutcome, string>();
function answerJson(outcome: GeocodeOutcome): string {
  let json = answers.get(outcome);
  if (json === undefined) {
    const answer: TGeocodeResponse = outcome.ok
      ? { ok: true, result: outcome.result }
      : { ok: false, reason: outcome.reason, message: GEOCODE_MESSAGES.failed };
    json = JSON.stringify(answer);
    answers.set(outcome, json);
  }
  return json;
}
const errors = { 401: ZErrorResponseSchema, 422: ZErrorResponseSchema, 429: ZErrorResponseSchema };

/** Aborted when the client goes away, so a slow provider is not waited on for nobody. */
function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The geocoding proxy behind the add-property form (ARCHITECTURE.md "HTTP surface"): US only,
 * cached (plugins/app/geocoder.ts), for signed-in users, and rate-limited per session because
 * every call may cost money at a provider. Provider failures never reach the client as errors:
 * geocode answers `{ok: false, message: 'Geocode failed.'}`, autocomplete an empty list.
 */
const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geocoding } = app.config;

  /** preHandler: 429 once this session has used its minute's allowance. */
  const limit = (allowance: Limit) => [
    async function rateLimit(request: FastifyRequest, reply: FastifyReply) {
      if (!(await app.throttle.take(reply, allowance, request.user.id))) return reply;
    },
  ];
  // The offline gazetteer answers from memory: there is nothing to abort.
  const signalFor = (reply: FastifyReply) =>
    geocoding.kind === 'offline' ? undefined : clientSignal(reply);

  app.get(
    GEOCODE_API.geocode,
    {
      preValidation: requireUser,
      preHandler: limit({ ...LIMITS.geocodes, max: geocoding.geocodesPerMinute }),
      schema: {
        tags: ['geocoding'],
        summary: 'Geocode a US address (the add-property validation step)',
        querystring: ZGeocodeQuerySchema,
        response: { 200: ZGeocodeResponseSchema, ...errors },
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
        signalFor(reply),
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

  app.get(
    GEOCODE_API.autocomplete,
    {
      preValidation: requireUser,
      preHandler: limit({ ...LIMITS.autocompletes, max: geocoding.autocompletesPerMinute }),
      serializerCompiler: plainJson,
      schema: {
        tags: ['geocoding'],
        summary: 'US place suggestions for what has been typed so far',
        querystring: ZAutocompleteQuerySchema,
        response: { 200: ZAutocompleteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        return {
          suggestions: await app.geocoder.autocomplete(request.query.input, signalFor(reply)),
        };
      } catch (err) {
        if (!(err instanceof GeocoderError)) throw err;
        request.log.warn({ err }, 'autocomplete provider failed');
        return { suggestions: [] };
      }
    },
  );

  app.get(
    GEOCODE_API.mapConfig,
    {
      schema: {
        tags: ['geocoding'],
        summary:
          'Tile layer for the pin map (tileUrl null means a plain background), and whether autocomplete suggests streets',
        response: { 200: ZMapConfigSchema },
      },
    },
    async () => ({
      tileUrl: geocoding.tileUrl,
      attribution: geocoding.tileAttribution,
      maxZoom: 19,
      // Only Google's autocomplete knows streets; every other kind suggests gazetteer places.
      suggestsStreets: geocoding.kind === 'google',
    }),
  );
};

export default geocodeRoutes;
