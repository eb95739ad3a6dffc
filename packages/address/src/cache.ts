import { LRUCache } from 'lru-cache';
import type { GeocodeOutcome, GeocodeQuery, Geocoder, PlaceSuggestion } from './geocoder.ts';
import { ADDRESS_FIELDS } from './types.ts';

export interface CacheOptions {
  /**
   * Memory each of the geocode and autocomplete caches may use, estimated from the answers'
   * JSON size (an answer takes about two and a half times its JSON length on the heap).
   */
  maxBytes: number;
  /** Also a cap on the number of answers kept (tests). */
  max?: number;
  /** How long an answer stays fresh. */
  ttlMs: number;
  /** Clock, for tests. */
  now?: () => number;
}

function createLru<V extends object>({ maxBytes, max, ttlMs, now }: CacheOptions) {
  return new LRUCache<string, V>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => 64 + 2 * key.length + 3 * JSON.stringify(value).length,
    ...(max ? { max } : {}),
    ttl: ttlMs,
    // A given clock is read on every check; the default one at most once a millisecond.
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
}

const canonical = (text: string | undefined) =>
  (text ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

function queryKey(query: GeocodeQuery): string {
  const fields = query.fields && ADDRESS_FIELDS.map((field) => canonical(query.fields?.[field]));
  return JSON.stringify([query.location, canonical(query.text), fields ?? null]);
}

/**
 * Remember answers so repeated submits and keystrokes do not reach a paid or rate-limited
 * provider. Provider errors are not kept (the next try may work), nor are rejections.
 */
export function withCache(geocoder: Geocoder, options: CacheOptions): Geocoder {
  const geocodes = createLru<GeocodeOutcome>(options);
  const suggestions = createLru<PlaceSuggestion[]>(options);
  return {
    async geocode(query, signal) {
      const key = queryKey(query);
      const cached = geocodes.get(key);
      if (cached) return cached;
      const outcome = await geocoder.geocode(query, signal);
      if (outcome.ok || outcome.reason !== 'provider_error') geocodes.set(key, outcome);
      return outcome;
    },
    async autocomplete(input, signal) {
      const key = canonical(input);
      const cached = suggestions.get(key);
      if (cached) return cached;
      const found = await geocoder.autocomplete(input, signal);
      suggestions.set(key, found);
      return found;
    },
  };
}
