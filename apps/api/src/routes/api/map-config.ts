import { ZMapConfigSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/map-config: the pin map's tiles, and whether autocomplete suggests streets (issue 4). */
const mapConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geocoding } = app.config;
  app.get(
    '/map-config',
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

export default mapConfigRoutes;
