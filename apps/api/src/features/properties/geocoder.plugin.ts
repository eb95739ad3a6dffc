import { createGeocoder, createOfflineGeocoder, type Geocoder, withCache } from '@lantern/address';
import { assertNoUnitOfWork } from '@lantern/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured US-only geocoder, behind an in-memory answer cache. */
    geocoder: Geocoder;
  }
}

/**
 * Answers kept per instance, up to 16 MB each for geocode and autocomplete answers (about 6,000
 * geocode answers; docs/decisions/014-memory-budget.md); a cache only, so instances need not
 * share it.
 */
const CACHE = { maxBytes: 16 * 1024 * 1024, ttlMs: 24 * 60 * 60_000 };

/**
 * The geocoder chosen by GEOCODER (offline by default). A configuration that cannot work (Google
 * without a key, Nominatim without a User-Agent) throws here, so the server does not start.
 */
export default fp(
  async (app) => {
    const { geocoding } = app.config;
    const geocoder = createGeocoder({
      kind: geocoding.kind,
      googleApiKey: geocoding.googleApiKey,
      userAgent: geocoding.userAgent,
      baseUrl: geocoding.baseUrl,
      timeoutMs: geocoding.timeoutMs,
    });
    const cached = withCache(geocoder, CACHE);
    // A geocoder may be a service on the network: never called inside a transaction (issue 40).
    app.decorate('geocoder', {
      autocomplete: (input, signal) => cached.autocomplete(input, signal),
      geocode: (query, signal) => {
        assertNoUnitOfWork('The geocoder');
        return cached.geocode(query, signal);
      },
    } satisfies Geocoder);
    // Every kind but Google uses the offline gazetteer (for geocoding or for autocomplete):
    // load it at start rather than on a customer's first keystroke.
    if (geocoding.kind !== 'google') {
      app.addHook('onReady', () => createOfflineGeocoder().ready());
    }
  },
  { name: 'geocoder', dependencies: ['services'] },
);
